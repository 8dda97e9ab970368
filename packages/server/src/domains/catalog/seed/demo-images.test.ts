import { describe, expect, it } from 'vitest';
import { demoSvg } from './demo-images.data.js';
import { demoImageJobs } from './seed.service.js';

describe('demo images', () => {
  it('draw no text: the pages print names beside the pictures, so a drawn-in name shows twice', () => {
    const jobs = demoImageJobs();
    expect(jobs.some((job) => job.fileName.startsWith('collection-'))).toBe(true);
    for (const job of jobs) expect(demoSvg(job.art)).not.toMatch(/<text\b/);
  });
});

import type { Motif } from './demo-catalog.data.js';

/*
 * Product illustrations for the demo store, drawn as SVG and rasterised with sharp: a soft gradient,
 * and a flat drawing of the product kind in the product's colour. Nothing is downloaded.
 */

export const DEMO_IMAGE_SIZE = 1200;

const FILL = 'FILL';
// Flat drawings on a 1200 × 1200 canvas, centred around (600, 540). FILL is the product colour.
const MOTIFS: Record<Motif, string> = {
  mug: '<rect x="390" y="360" width="360" height="400" rx="48" fill="FILL"/><path d="M750 450 h60 a90 90 0 0 1 0 180 h-60" fill="none" stroke="FILL" stroke-width="44"/>',
  bowl: '<path d="M330 470 h540 a270 250 0 0 1 -540 0z" fill="FILL"/><ellipse cx="600" cy="470" rx="270" ry="40" fill="#ffffff" opacity="0.35"/>',
  plate:
    '<circle cx="600" cy="540" r="290" fill="FILL"/><circle cx="600" cy="540" r="200" fill="#ffffff" opacity="0.28"/>',
  tee: '<path d="M470 330 l-190 90 50 130 80 -30 v340 h380 v-340 l80 30 50 -130 -190 -90 a130 70 0 0 1 -260 0z" fill="FILL"/>',
  sweater:
    '<path d="M470 330 l-170 110 40 380 80 -10 10 -330 v380 h340 v-380 l10 330 80 10 40 -380 -170 -110 a130 60 0 0 1 -260 0z" fill="FILL"/>',
  cap: '<path d="M380 600 a220 210 0 0 1 440 0z" fill="FILL"/><path d="M700 600 h230 a30 30 0 0 1 0 50 h-520 v-50z" fill="FILL" opacity="0.85"/>',
  tote: '<rect x="400" y="440" width="400" height="420" rx="18" fill="FILL"/><path d="M480 450 v-110 a120 120 0 0 1 240 0 v110" fill="none" stroke="FILL" stroke-width="30"/>',
  lamp: '<path d="M470 300 h260 l70 180 h-400z" fill="FILL"/><rect x="588" y="480" width="24" height="300" fill="FILL" opacity="0.8"/><rect x="480" y="770" width="240" height="40" rx="20" fill="FILL"/>',
  vase: '<path d="M540 300 h120 v90 c160 80 160 420 40 470 h-200 c-120 -50 -120 -390 40 -470z" fill="FILL"/>',
  pot: '<path d="M390 420 h420 l-50 400 h-320z" fill="FILL"/><rect x="370" y="380" width="460" height="70" rx="14" fill="FILL" opacity="0.85"/>',
  candle:
    '<rect x="460" y="430" width="280" height="400" rx="30" fill="FILL"/><path d="M600 330 c40 50 40 80 0 100 c-40 -20 -40 -50 0 -100z" fill="#f4a261"/>',
  blanket:
    '<rect x="330" y="360" width="540" height="380" rx="40" fill="FILL"/><path d="M330 620 h540 v80 a40 40 0 0 1 -40 40 h-460 a40 40 0 0 1 -40 -40z" fill="#ffffff" opacity="0.3"/>',
  book: '<rect x="420" y="320" width="360" height="480" rx="16" fill="FILL"/><rect x="420" y="320" width="40" height="480" fill="#000000" opacity="0.15"/><rect x="500" y="420" width="220" height="24" rx="12" fill="#ffffff" opacity="0.6"/>',
  notebook:
    '<rect x="420" y="310" width="360" height="500" rx="24" fill="FILL"/><rect x="700" y="310" width="28" height="500" fill="#000000" opacity="0.2"/>',
  pen: '<rect x="585" y="280" width="30" height="520" rx="15" fill="FILL" transform="rotate(30 600 540)"/>',
  bottle:
    '<rect x="520" y="280" width="160" height="70" rx="20" fill="FILL" opacity="0.8"/><rect x="480" y="340" width="240" height="500" rx="70" fill="FILL"/>',
  beans:
    '<rect x="430" y="330" width="340" height="500" rx="30" fill="FILL"/><ellipse cx="600" cy="580" rx="80" ry="110" fill="#ffffff" opacity="0.35"/><path d="M600 480 c-30 60 30 140 0 200" stroke="FILL" stroke-width="14" fill="none"/>',
  tea: '<rect x="440" y="360" width="320" height="440" rx="24" fill="FILL"/><circle cx="600" cy="560" r="90" fill="#ffffff" opacity="0.35"/>',
  kettle:
    '<path d="M420 520 a180 180 0 0 1 360 0 v200 a40 40 0 0 1 -40 40 h-280 a40 40 0 0 1 -40 -40z" fill="FILL"/><path d="M480 400 a120 120 0 0 1 240 0" fill="none" stroke="FILL" stroke-width="26"/><path d="M780 560 l110 -80" stroke="FILL" stroke-width="34"/>',
  card: '<rect x="330" y="390" width="540" height="330" rx="30" fill="FILL"/><rect x="380" y="620" width="180" height="30" rx="15" fill="#ffffff" opacity="0.6"/>',
  frame:
    '<rect x="400" y="320" width="400" height="480" rx="8" fill="FILL"/><rect x="450" y="370" width="300" height="380" fill="#ffffff" opacity="0.6"/>',
  towel:
    '<rect x="410" y="320" width="380" height="500" rx="20" fill="FILL"/><rect x="410" y="700" width="380" height="40" fill="#ffffff" opacity="0.35"/>',
};

export interface DemoArt {
  motif: Motif;
  /** Background gradient, light to dark. */
  colors: [string, string];
  /** Colour of the drawing; defaults to the darker background colour. */
  ink?: string;
}

/**
 * No text is drawn: the pages print the product's or collection's name next to its picture, and a name
 * baked into the image shows twice (and cannot be translated, read by screen readers or re-flowed).
 */
export function demoSvg(art: DemoArt): string {
  const [light, dark] = art.colors;
  const ink = art.ink ?? dark;
  const size = DEMO_IMAGE_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}" stop-opacity="0.55"/></linearGradient></defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>
  <g transform="translate(0 60)">
  <circle cx="600" cy="540" r="380" fill="#ffffff" opacity="0.35"/>
  <ellipse cx="600" cy="880" rx="300" ry="26" fill="#000000" opacity="0.08"/>
  <g>${MOTIFS[art.motif].replaceAll(FILL, ink)}</g>
  </g>
</svg>`;
}

/** The illustration as JPEG bytes (WebP/AVIF renditions are made on request by /media). */
export async function renderDemoImage(art: DemoArt): Promise<Buffer> {
  // Loaded here, not at start: a built server seeds from the images pre-rendered by `npm run build`.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(demoSvg(art)))
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** A one-page PDF, enough for a digital product's download to be a real file. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

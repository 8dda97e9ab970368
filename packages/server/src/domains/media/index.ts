// The media domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { mediaRoutes } from './media.routes.js';
export { getMediaFile, getMediaFiles, mediaPath, saveMediaFile } from './media.service.js';
export { type MediaStorage, mediaStorageFor } from './media-storage.adapter.js';

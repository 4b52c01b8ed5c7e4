// Public face of image uploads (product photos, hero image).
export { uploadImage } from './api/upload-image';

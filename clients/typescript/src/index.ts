export { MediaoptClient, normaliseBaseUrl } from "./client.js";
export type { ClientConfig, ClientOptions, Download, WaitOptions } from "./client.js";
export { MediaoptError, MediaoptTimeoutError } from "./errors.js";
export type { ErrorCode } from "./errors.js";
export type { MediaInput, OptimizeOptions, ReactNativeFile, RenditionName } from "./form.js";
export type { Optimization } from "./headers.js";
export type { UploadHandlers, UploadProgress } from "./upload.js";
export { verifyWebhook, WebhookVerificationError } from "./webhooks.js";
export type { VerifyOptions, WebhookHeaders } from "./webhooks.js";
export type * from "./types.js";
export { createImageUrlBuilder, imageLoader, signImageUrl } from "./image-urls.js";
export type { ImageGravity, ImageLoaderProps, ImagePreset, ImageUrlBuilder, ImageUrlConfig, ImageUrlFormat,
  ImageUrlOptions, ResizingType } from "./image-urls.js";

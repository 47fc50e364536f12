// The request and response types, taken from the service's OpenAPI document (generated into
// ./generated at build time), so that a change of the contract fails the build here.
import type { components } from "./generated/openapi.js";

type Schemas = components["schemas"];

export type Job = Schemas["Job"];
export type JobStatus = Schemas["JobStatus"];
export type JobSubmission = Schemas["JobSubmitted"];
export type JobError = Schemas["JobError"];
export type Result = Schemas["Result"];
export type Rendition = Schemas["Rendition"];
export type CallbackDelivery = Schemas["CallbackDelivery"];
export type Usage = Schemas["Usage"];
export type Health = Schemas["Health"];
export type PresetList = Schemas["PresetList"];
export type Limits = Schemas["Limits"];
export type PresetName = Schemas["PresetName"];
export type StrategyName = Schemas["StrategyName"];
/** Every code an error of the service carries (`{"error", "code"}`), and `interrupted` of a job. */
export type ServiceErrorCode = Schemas["Error"]["code"];
/** `format`: `auto` (the preset's choice) or one output format of the upload's kind. */
export type OutputFormat = Schemas["Upload"]["format"];
/** What an upload token allows (`POST /api/uploads/tokens`); every field optional. */
export type UploadTokenRequest = Schemas["UploadTokenRequest"];
/** A minted upload token: `token`, the tus `uploadUrl`, `expiresAt`. */
export type UploadToken = Schemas["UploadToken"];

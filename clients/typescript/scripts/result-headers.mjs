// Writes src/generated/result-headers.ts from the service's OpenAPI document: for every field of
// the result that the synchronous route carries in a header, the header's name and how to read
// it. The service names each header after its field (`x-service-` and the name in kebab case, a
// duration without its unit), and the document declares the headers it sends; so a field added to
// the document's Result reaches `resultOf` with nothing written by hand.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const [source, target] = process.argv.slice(2);
const document = JSON.parse(readFileSync(source, "utf8"));
const result = document.components.schemas.Result;
const headers = document.paths["/api/media/optimize"].post.responses["200"].headers;

const headerOf = (field) =>
  "x-service-" + field.replace(/Sec$/, "").replace(/([A-Z])/g, "-$1").toLowerCase();
const typeOf = (schema) => {
  const resolved = schema.$ref ? document.components.schemas[schema.$ref.split("/").pop()] : schema;
  return resolved.type ?? "string";
};

const fields = [];
for (const [field, schema] of Object.entries(result.properties)) {
  const header = headerOf(field);
  if (!(header in headers)) continue;
  const type = typeOf(schema);
  if (!["string", "integer", "number", "boolean"].includes(type)) {
    throw new Error(`${source}: the result's ${field} is a ${type}, which no header can carry`);
  }
  fields.push({ field, header, type, required: (result.required ?? []).includes(field) });
}

mkdirSync(target.substring(0, target.lastIndexOf("/")), { recursive: true });
writeFileSync(
  target,
  `// Written by scripts/result-headers.mjs from ${source}; do not edit.\n` +
    `/** Each field of the result the synchronous route sends as a header: its name, its JSON type, whether it is always sent. */\n` +
    `export const RESULT_HEADERS = ${JSON.stringify(fields, null, 2)} as const;\n`,
);

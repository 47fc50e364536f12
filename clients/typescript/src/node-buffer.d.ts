// tus-js-client's declarations name Node's Buffer among the files it takes. The client compiles
// without Node's types (it runs in browsers too) and hands it Blobs, so bytes are all it means.
interface Buffer extends Uint8Array {}

/**
 * The types of `compression` (1.8) as a plain node:http server uses it. The package's own types
 * (@types/compression) name Express's request and response, but the middleware reads and wraps only
 * what node:http's have (headers, method, write/end/writeHead), as its README says for plain servers;
 * these say so, and nothing needs a cast.
 */
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface CompressionOptions {
    /** Smallest body, in bytes or as a size string ('1kb'), that is compressed (default 1 kB). */
    threshold?: number | string;
    /** zlib's compression level, -1 to 9. */
    level?: number;
    /** Whether a response is compressed (default: by its Content-Type). */
    filter?: (req: IncomingMessage, res: ServerResponse) => boolean;
  }

  /** Compresses the response of a request that accepts gzip, deflate or brotli, then calls `next`. */
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

  export default function compression(options?: CompressionOptions): Middleware;
}

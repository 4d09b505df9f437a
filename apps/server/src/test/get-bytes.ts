import http from 'node:http';

export interface BytesResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire: still compressed when the server compressed it. */
  body: Buffer;
}

/** A GET over a real socket that keeps the body's bytes as sent (fetch would decompress them out of sight). */
export function getBytes(port: number, path: string, headers: Record<string, string> = {}): Promise<BytesResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
  });
}

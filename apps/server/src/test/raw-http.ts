import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte over a socket, as an attacker would: any Host, any header, nothing
 * normalised by a client library. The connection closes after the answer.
 */
export function rawRequest(
  port: number,
  request: { method: string; path: string; headers: Array<[string, string]>; body?: string },
): Promise<RawResponse> {
  const body = request.body ?? '';
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    ...request.headers.map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
    'Connection: close',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers: Record<string, string[]> = {};
      for (const line of headerLines) {
        const index = line.indexOf(':');
        const name = line.slice(0, index).trim().toLowerCase();
        (headers[name] ??= []).push(line.slice(index + 1).trim());
      }
      let payload = rest.join('\r\n\r\n');
      if (headers['transfer-encoding']?.includes('chunked')) payload = unchunk(payload);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: payload });
    });
  });
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** The cookies a Set-Cookie list sets, as one Cookie header value. */
export function cookieHeaderFrom(response: RawResponse, existing = ''): string {
  const pairs = (response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]!);
  return [existing, ...pairs].filter(Boolean).join('; ');
}

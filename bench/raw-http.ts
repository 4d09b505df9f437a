import net from 'node:net';

/**
 * A lean HTTP/1.1 load generator for the authorisation bench: keep-alive connections, one request at a time on each,
 * the request written as one buffer and the answer read by its Content-Length. Node's http client cost this process
 * 0.3-0.46 ms of CPU per request on the same two cores as the server and PostgreSQL (pgbench's own client, which the
 * ceiling runs with, is C and costs a fraction of that): what the load generator spends, the server cannot. Only what
 * the bench sends and the server answers is understood (no chunked answers, no redirects, no TLS).
 */

interface Waiter {
  resolve(connection: Connection): void;
}

interface Answer {
  status: number;
  body: string;
}

const HEADERS_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

class Connection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private pending: { resolve(answer: Answer): void; reject(error: Error): void } | null = null;
  closed = false;

  constructor(port: number, host: string) {
    this.socket = net.connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (error: Error) => {
      this.closed = true;
      this.pending?.reject(error);
      this.pending = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  send(request: Buffer): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('the server closed the connection'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk;
    const headEnd = this.received.indexOf(HEADERS_END);
    if (headEnd === -1) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) {
      this.pending?.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      this.pending = null;
      this.close();
      return;
    }
    const bodyStart = headEnd + HEADERS_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.received.length < bodyEnd) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: this.received.toString('utf8', bodyStart, bodyEnd),
    };
    this.received = this.received.subarray(bodyEnd);
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(answer);
  }
}

export class RawHttpClient {
  private readonly idle: Connection[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly all: Connection[] = [];
  private readonly host: string;
  private readonly port: number;

  /** At most `connections` requests in flight; more wait for a connection, as an http.Agent's maxSockets does. */
  constructor(
    baseUrl: URL,
    private readonly connections: number,
  ) {
    this.host = baseUrl.hostname;
    this.port = Number(baseUrl.port);
  }

  /** POSTs a JSON body with `headers`; a connection the server closed is replaced for the next request. */
  async post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
    const payload = Buffer.from(body);
    const lines = [
      `POST ${path} HTTP/1.1`,
      `host: ${this.host}:${this.port}`,
      'content-type: application/json',
      `content-length: ${payload.length}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const request = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
    const connection = await this.take();
    try {
      return await connection.send(request);
    } finally {
      this.give(connection);
    }
  }

  close(): void {
    for (const connection of this.all) connection.close();
  }

  private take(): Promise<Connection> {
    for (let connection = this.idle.pop(); connection; connection = this.idle.pop()) {
      // The server closes a connection idle past its keep-alive timeout.
      if (!connection.closed) return Promise.resolve(connection);
      this.all.splice(this.all.indexOf(connection), 1);
    }
    if (this.all.length < this.connections) return Promise.resolve(this.open());
    return new Promise((resolve) => this.waiting.push({ resolve }));
  }

  /** Back to the next waiting request, or idle; a closed one is replaced by a new connection. */
  private give(connection: Connection): void {
    let next = connection;
    if (connection.closed) {
      this.all.splice(this.all.indexOf(connection), 1);
      next = this.open();
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(next);
    else this.idle.push(next);
  }

  private open(): Connection {
    const connection = new Connection(this.port, this.host);
    this.all.push(connection);
    return connection;
  }
}

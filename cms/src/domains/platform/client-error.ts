import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

interface Answer {
  status: string;
  message: string;
}

/** Requests Node's HTTP parser refuses before any route sees them (e.g. a NUL byte in a header value). */
const ANSWERS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large', message: 'Los encabezados de la petición son demasiado grandes' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', message: 'La petición tardó demasiado' },
};
const MALFORMED: Answer = { status: '400 Bad Request', message: 'La petición no es válida' };

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';
}

/**
 * Malformed requests get the API's usual answer, a JSON `{message}` in Spanish, instead of Node's empty English
 * "400 Bad Request" (Node hands them to 'clientError' listeners instead of its own answer).
 */
export function answerMalformedRequestsInSpanish(server: Pick<Server, 'on'>): void {
  server.on('clientError', (err: unknown, socket: Duplex) => {
    if (errorCode(err) === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer = ANSWERS[errorCode(err)] ?? MALFORMED;
    const body = JSON.stringify({ message: answer.message });
    socket.end(
      `HTTP/1.1 ${answer.status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

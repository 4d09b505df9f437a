import type { ApiErrorBody } from '@wallet/contract';
import { HttpError, NETWORK_ERROR_MESSAGE, type QueryParams } from './http';

function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

async function errorOf(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  try {
    const { message, errors } = JSON.parse(text) as Partial<ApiErrorBody>;
    return new HttpError(response.status, message, errors ?? {}, response.statusText);
  } catch {
    return new HttpError(response.status, undefined, {}, response.statusText);
  }
}

/**
 * GETs a file from the API (same origin, credentials included) and hands it to the browser as a download,
 * named as the server's Content-Disposition says, else `fallbackName`. A failure throws an HttpError.
 */
export async function downloadFile(path: string, query: QueryParams, fallbackName: string): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.append(key, String(value));
  const url = params.size ? `${path}?${params.toString()}` : path;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  } catch {
    throw new HttpError(0, undefined, {}, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await errorOf(response);
  const fileName = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1_000);
  return fileName;
}

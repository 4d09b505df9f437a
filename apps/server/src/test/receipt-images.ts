import sharp from 'sharp';

/**
 * Receipt images the tests draw themselves (SVG text rendered by sharp with a Debian font, DejaVu Sans Mono, which
 * .ci/run installs): known totals, dates and merchants, upright, skewed, or faint on grey paper.
 */
export interface ReceiptDrawing {
  lines: readonly string[];
  /** Degrees the paper is turned (a hand-held photo). */
  skew?: number;
  /** Grey text on grey paper (a faded thermal print). */
  faint?: boolean;
  format?: 'png' | 'jpeg';
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function drawReceipt({ lines, skew = 0, faint = false, format = 'png' }: ReceiptDrawing): Promise<Buffer> {
  const lineHeight = 34;
  const height = 80 + lines.length * lineHeight;
  const [paper, ink] = faint ? ['#d9d6cf', '#8a8780'] : ['#ffffff', '#111111'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}">
    <rect width="100%" height="100%" fill="${paper}"/>
    ${lines
      .map(
        (line, index) =>
          `<text x="40" y="${60 + index * lineHeight}" font-family="DejaVu Sans Mono" font-size="24" fill="${ink}" xml:space="preserve">${escape(line)}</text>`,
      )
      .join('')}
  </svg>`;
  let image = sharp(Buffer.from(svg));
  if (skew) image = sharp(await image.png().toBuffer()).rotate(skew, { background: faint ? paper : '#ffffff' });
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** A one-page PDF whose text is the lines (Helvetica, as a till's PDF would be). */
export function drawPdfReceipt(lines: readonly string[]): Buffer {
  const text = lines
    .map((line, index) => `BT /F1 12 Tf 40 ${760 - index * 18} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

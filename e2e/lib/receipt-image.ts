import sharp from 'sharp';

/**
 * A photo of a printed receipt, drawn for the test (SVG text rendered by sharp in DejaVu Sans Mono, which .ci/run
 * installs), turned a little as a hand-held photo is. The server's reading tests draw theirs the same way
 * (apps/server/src/test/receipt-images.ts); the e2e project cannot import the server's test files.
 */
export async function receiptPhoto(lines: readonly string[], skew = 2): Promise<Buffer> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${80 + lines.length * 34}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    ${lines.map((line, index) => `<text x="40" y="${60 + index * 34}" font-family="DejaVu Sans Mono" font-size="24" fill="#111111" xml:space="preserve">${escape(line)}</text>`).join('')}
  </svg>`;
  const upright = await sharp(Buffer.from(svg)).png().toBuffer();
  return sharp(upright).rotate(skew, { background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
}

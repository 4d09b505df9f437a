import sharp from 'sharp';

/** Searched within ±MAX_DEGREES: a whole degree at a time, then a quarter degree around the best whole one. */
const MAX_DEGREES = 8;
const FINE_STEP = 0.25;

/**
 * The angle (degrees) a photographed receipt's lines are turned by, found by projection: turned back by the right
 * angle, the dark pixels of each printed line fall into few rows, so the rows' counts are most uneven (the largest
 * sum of squares). Tesseract misreads digits on lines turned even 3 degrees ("02/03" as "02/63"); straightened, it
 * reads them. Searched on a small copy, coarse then fine, counting in a typed array: it runs on the event loop, so it
 * must stay within a few milliseconds (65 angles counted in a Map held the loop 35-70 ms, and card authorisations
 * arriving meanwhile waited as long).
 */
export async function skewAngle(grey: Buffer): Promise<number> {
  const { data, info } = await sharp(grey)
    .resize({ width: 600 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const dark = new Int32Array(data.length * 2);
  let count = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! >= 110) continue;
      dark[count * 2] = x;
      dark[count * 2 + 1] = y;
      count++;
    }
  if (count < 50) return 0;
  // A turned row lands within this margin above the first row or below the last.
  const margin = Math.ceil(info.width * Math.sin(((MAX_DEGREES + 1) * Math.PI) / 180)) + 1;
  const rows = new Int32Array(info.height + 2 * margin + 1);
  const score = (degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    const [sin, cos] = [Math.sin(radians), Math.cos(radians)];
    rows.fill(0);
    for (let index = 0; index < count; index++) {
      const row = Math.round(dark[index * 2 + 1]! * cos - dark[index * 2]! * sin) + margin;
      rows[row]!++;
    }
    let sum = 0;
    for (let row = 0; row < rows.length; row++) sum += rows[row]! * rows[row]!;
    return sum;
  };
  const best = (angles: number[]) =>
    angles.reduce(
      (winner, angle) => {
        const scored = score(angle);
        return scored > winner.score ? { angle, score: scored } : winner;
      },
      { angle: 0, score: -1 },
    );
  const range = (from: number, to: number, step: number) =>
    Array.from({ length: Math.round((to - from) / step) + 1 }, (_unused, index) => from + index * step);
  const coarse = best(range(-MAX_DEGREES, MAX_DEGREES, 1)).angle;
  const around = range(Math.max(-MAX_DEGREES, coarse - 1), Math.min(MAX_DEGREES, coarse + 1), FINE_STEP);
  return best(around).angle;
}

import sharp from 'sharp';

/**
 * The colour most pixels inside `box` (CSS pixels, at a device pixel ratio of 1) have in a
 * screenshot, as "r,g,b": a field's fill, which its text and arrow only dot. The box is inset
 * past the field's border and rounded corners.
 */
export async function fillColour(
  png: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<string> {
  const inset = 4;
  const { data, info } = await sharp(png)
    .extract({
      left: Math.round(box.x) + inset,
      top: Math.round(box.y) + inset,
      width: Math.round(box.width) - 2 * inset,
      height: Math.round(box.height) - 2 * inset,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>();
  for (let at = 0; at < data.length; at += info.channels) {
    const colour = `${data[at]},${data[at + 1]},${data[at + 2]}`;
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  return [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most))[0];
}

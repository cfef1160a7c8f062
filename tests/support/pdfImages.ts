// The images a PDF embeds (a signature stamp's seal), read back with pdf-lib: for the tests of signed documents.
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** The images a PDF embeds, as "width×height", sorted (the stamps' account images; a PNG's alpha mask is part of
 *  its image, not counted). */
export async function imageSizes(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const images = doc.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) as [PDFRef, PDFRawStream][];
  const masks = new Set(images.map(([, o]) => String(o.dict.get(PDFName.of('SMask')))));
  return images
    .filter(([ref]) => !masks.has(String(ref)))
    .map(([, o]) => `${String(o.dict.get(PDFName.of('Width')))}×${String(o.dict.get(PDFName.of('Height')))}`)
    .sort();
}

/** The image XObjects page `index` (-1: the last) draws from its resources, as "width×height", sorted. */
export async function pageImageSizes(bytes: Uint8Array, index = -1): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages();
  const page = pages[index < 0 ? pages.length + index : index];
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  const sizes: string[] = [];
  for (const [, ref] of xobjects.entries()) {
    const o = doc.context.lookup(ref);
    if (o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
      sizes.push(`${String(o.dict.get(PDFName.of('Width')))}×${String(o.dict.get(PDFName.of('Height')))}`);
  }
  return sizes.sort();
}

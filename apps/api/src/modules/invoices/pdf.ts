import { dateTextIn, RENDER_LOCALE } from '@devstay/shared/date-text';
import { formatCuit, INVOICE_TITLES, invoiceNumberText } from '@devstay/shared/invoice';
import { calendarDateIn, stayNights } from '@devstay/shared/stay';
import { formatUsd } from '@devstay/shared/text';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './repository.ts';

const dateText = dateTextIn(RENDER_LOCALE);

/** The file name a document is downloaded as: its kind, hotel's number and booking. */
export function invoiceFilename(doc: InvoiceDocument): string {
  const kind = doc.kind === 'invoice' ? 'invoice' : 'credit-note';
  return `devstay-${kind}-${invoiceNumberText(doc.number)}.pdf`;
}

/**
 * The document as a PDF (pdfkit, its standard Helvetica: nothing to embed): seller and buyer,
 * number and date, a credit note's invoice, one line per night of each room (a credit note's:
 * the rooms it credits) with its price, each room's total, the total and its currency. Every
 * amount is the booking's stored one, written by formatUsd.
 */
export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${INVOICE_TITLES[doc.kind]} ${invoiceNumberText(doc.number)}`,
      Author: doc.seller.name,
      // The document's own date, not the moment it was rendered: the same bytes every time.
      CreationDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const title = INVOICE_TITLES[doc.kind];
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(`${title} No. ${invoiceNumberText(doc.number)}`);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Date: ${dateText(calendarDateIn(doc.timeZone, doc.issuedAt))}`);
  pdf.text(`Booking: ${doc.bookingId}`);
  if (doc.credits !== null) {
    const invoice = `invoice No. ${invoiceNumberText(doc.credits.number)}`;
    // A cancel of the whole booking credits all the hotel's rooms; a traveller's, theirs alone.
    pdf.text(
      doc.totalCents === doc.credits.totalCents
        ? `Cancels ${invoice} in full`
        : `Corrects ${invoice} (${formatUsd(doc.credits.totalCents)}): credits the rooms below`,
    );
  }
  pdf.moveDown();

  pdf.font('Helvetica-Bold').text('Seller');
  pdf.font('Helvetica').text(doc.seller.name).text(doc.seller.address);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Bill to');
  pdf.font('Helvetica').text(doc.buyer.name);
  if (doc.buyer.taxId) pdf.text(`CUIT ${formatCuit(doc.buyer.taxId)}`);
  if (doc.buyer.address) pdf.text(doc.buyer.address);
  pdf.moveDown();

  for (const line of doc.lines) {
    const units = line.quantity === 1 ? '1 unit' : `${line.quantity} units`;
    const traveller = line.traveller ? `, for ${line.traveller}` : '';
    pdf.font('Helvetica-Bold').text(`${line.room}, ${units}${traveller}`);
    pdf.font('Helvetica');
    stayNights(line.checkIn, line.checkOut).forEach((night, i) => {
      const cents = line.nightCents[i] ?? 0;
      pdf.text(
        `Night of ${dateText(night)}: ${formatUsd(cents)} × ${line.quantity} = ${formatUsd(cents * line.quantity)}`,
        { indent: 12 },
      );
    });
    pdf.text(`Room total: ${formatUsd(line.totalCents)}`, { indent: 12 });
    pdf.moveDown(0.5);
  }
  pdf.moveDown();
  const sign = doc.kind === 'credit_note' ? 'Credited' : 'Total';
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${sign}: ${formatUsd(doc.totalCents)}`);
  pdf.font('Helvetica').fontSize(10).text(`Currency: ${doc.currency.toUpperCase()}`);
  pdf.end();
  return done;
}

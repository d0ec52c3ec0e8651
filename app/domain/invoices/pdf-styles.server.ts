import { StyleSheet } from "@react-pdf/renderer";
import { PDF_FONT } from "./pdf-fonts.server";

/** The PDF's look (A4, points): the invoice page's layout in print — ink, one accent, rules. */
const INK = "#1f2937";
const MUTED = "#4b5563";
const RULE = "#d1d5db";
const ACCENT = "#0f766e";

export const COLUMN = { quantity: 34, unitPrice: 78, vatRate: 44, vat: 70, amount: 84 };

export const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT,
    fontSize: 9,
    color: INK,
    paddingTop: 48,
    paddingBottom: 56,
    paddingHorizontal: 40,
    lineHeight: 1.35,
  },
  runningHead: { position: "absolute", top: 20, left: 40, right: 40, fontSize: 8, color: MUTED },
  footer: {
    position: "absolute",
    bottom: 24,
    left: 40,
    right: 40,
    fontSize: 8,
    color: MUTED,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
    paddingRight: 110,
  },
  // `top`, not `bottom`: react-pdf misplaces a fixed text drawn by a render function that is
  // anchored to the bottom (it landed 5 000 pt below the page). A4 is 841.89 pt high.
  pageNumber: {
    position: "absolute",
    top: 798.75,
    right: 40,
    width: 110,
    fontSize: 8,
    color: MUTED,
    paddingTop: 6.5,
    textAlign: "right",
  },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 20 },
  party: { maxWidth: 260 },
  agencyName: { fontSize: 14, lineHeight: 1.2, fontWeight: 700, color: ACCENT, marginBottom: 4 },
  muted: { color: MUTED },
  titleBlock: { alignItems: "flex-end", maxWidth: 230 },
  title: { fontSize: 18, lineHeight: 1.2, fontWeight: 700, marginBottom: 6 },
  fact: { flexDirection: "row", justifyContent: "flex-end" },
  factLabel: { color: MUTED, marginRight: 6 },
  bold: { fontWeight: 700 },
  status: {
    marginTop: 6,
    paddingVertical: 2,
    paddingHorizontal: 6,
    borderWidth: 0.75,
    borderColor: ACCENT,
    color: ACCENT,
    fontWeight: 700,
  },
  sectionLabel: { fontSize: 8, fontWeight: 700, color: MUTED, marginBottom: 3 },
  client: { marginBottom: 18 },
  corrects: { marginBottom: 12, fontWeight: 700 },
  tableHead: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderBottomColor: INK,
    paddingBottom: 4,
    fontWeight: 700,
  },
  row: {
    flexDirection: "row",
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingVertical: 4,
  },
  description: { flex: 1, paddingRight: 8 },
  quantity: { width: COLUMN.quantity, textAlign: "right" },
  unitPrice: { width: COLUMN.unitPrice, textAlign: "right" },
  vatRate: { width: COLUMN.vatRate, textAlign: "right" },
  vat: { width: COLUMN.vat, textAlign: "right" },
  amount: { width: COLUMN.amount, textAlign: "right" },
  totals: { marginTop: 12, marginLeft: "auto", width: 280 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grandTotal: {
    flexDirection: "row",
    justifyContent: "space-between",
    paddingVertical: 4,
    marginTop: 2,
    borderTopWidth: 1,
    borderTopColor: INK,
    fontWeight: 700,
    fontSize: 10,
  },
  balance: {
    flexDirection: "row",
    justifyContent: "space-between",
    paddingVertical: 4,
    fontWeight: 700,
    fontSize: 11,
    color: ACCENT,
  },
  box: { marginTop: 16, padding: 10, borderWidth: 1, borderColor: ACCENT },
  pay: { fontSize: 11, fontWeight: 700, marginBottom: 3 },
  block: { marginTop: 14 },
});

import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The static ceiling: a bare node:http server answering every request with the same bytes from
 * memory. Usage: node bench/lib/bare-static-server.ts <port> <file>
 */
const [port = "0", file = ""] = process.argv.slice(2);
const body = readFileSync(file);
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => process.send?.("ready"));

/** Minimal readable pages for answers given before React Router runs (403, 413, 500). */
export function plainPage(status: number, title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" href="/favicon.ico"></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1e293b"><p style="font-size:3rem;font-weight:800;color:#047857;margin:0">${status}</p><h1>${title}</h1><p>${message}</p><p><a href="/" style="color:#047857">Return to Home</a></p></body></html>`;
}

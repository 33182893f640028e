// The wizard's first step reads the base URL as a person types it: "docs.example.com" means https://docs.example.com/,
// "localhost:8000" (a server on this machine, as browsers read it) means http://localhost:8000/, and "not a url" is
// refused there, in words, instead of at "Create" with a validator's message.

export type BaseUrlCheck = { url: string } | { error: string };

const scheme = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A host a crawl can reach: a dotted name, localhost, or an IPv6 literal; never a single word typed by mistake. */
const reachableHost = (host: string) => host.includes(".") || host === "localhost" || host.startsWith("[");

/** This machine: a development server here rarely speaks TLS. */
const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?([/?#]|$)/i;

export function checkBaseUrl(raw: string): BaseUrlCheck {
  const typed = raw.trim();
  if (!typed) return { error: "Enter the address where the crawl starts, e.g. https://docs.example.com/." };
  const withScheme = scheme.test(typed) ? typed : `${loopback.test(typed) ? "http" : "https"}://${typed}`;
  let url: URL;
  try {
    if (/\s/.test(typed)) throw new Error("spaces");
    url = new URL(withScheme);
  } catch {
    return { error: `“${typed}” is not a web address: write it like https://docs.example.com/.` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { error: "The address must start with http:// or https://." };
  if (!reachableHost(url.hostname)) return { error: `“${typed}” is not a web address: write it like https://docs.example.com/.` };
  return { url: url.href };
}

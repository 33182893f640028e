// The fairness bench's clients, each in a process of its own, as a bulk-import script and a visitor's browser are:
// in the server's process, building and sending A's 100 KB pages and reading B's responses took turns with the very
// API thread being measured. Two roles, both talking HTTP to the bench's server on loopback:
//   bun bench/fairness-client.ts import BASE KEY SITE_ID PAGES   A's four importers side by side; prints "done MS"
//   bun bench/fairness-client.ts search BASE SITE_ID ORIGIN N     B's searches, N back to back
//   … search BASE SITE_ID ORIGIN N --until-told                  one every 100 ms, at least N and until a line
//                                                                  arrives on stdin
// The search role prints each search's milliseconds as one JSON line.
export {};

const [role, base, ...rest] = process.argv.slice(2);
const topics = ["install", "proxy", "logging", "cache", "upgrade", "security", "backup", "metrics", "tuning", "plugins"];

// About 100 KB and 1,000 headings: the shape that cost a second or more of API thread per page.
const heavyPage = (i: number) => ({
  url: `https://docs.example.com/heavy/${i}`,
  content: `<html><head><title>Reference ${i}</title></head><body><main><h1>Reference ${i}</h1>${Array.from({ length: 1_000 }, (_, s) => `<h3>Option ${s}</h3><p>Option ${s} sets ${topics[s % 10]} value ${i}-${s}.</p>`).join("")}</main></body></html>`,
});

async function importPages(key: string, siteId: string, pages: number): Promise<void> {
  const started = performance.now();
  // Four importers side by side, each sending requests of five pages, as a bulk import script would.
  const importer = async (r: number) => {
    const each = pages / 4;
    for (let k = 0; k < each / 5; k++) {
      const body = JSON.stringify({ pages: Array.from({ length: 5 }, (_, i) => heavyPage(r * each + k * 5 + i)) });
      // timeout: false: Bun's fetch would otherwise give up on a long ingest request under load.
      const response = await fetch(`${base}/api/sites/${siteId}/pages`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body,
        timeout: false,
      } as RequestInit);
      const text = await response.text();
      if (!response.ok) throw new Error(`push: ${response.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, (_, r) => importer(r)));
  console.log(`done ${Math.round(performance.now() - started)}`);
}

async function search(siteId: string, origin: string, i: number): Promise<number> {
  const started = performance.now();
  // POST is never cached, so every search does the work.
  const response = await fetch(`${base}/v1/public/sites/${siteId}/search`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ query: `${topics[i % 10]} guide ${i}`, minScore: 0 }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`search ${response.status}`);
  return performance.now() - started;
}

async function searches(siteId: string, origin: string, count: number, untilTold: boolean): Promise<void> {
  const times: number[] = [];
  if (!untilTold) {
    for (let i = 0; i < count; i++) times.push(await search(siteId, origin, i));
  } else {
    let told = false;
    void (async () => {
      for await (const _ of console) {
        told = true;
        break;
      }
    })();
    for (let i = 0; !told || times.length < count; i++) {
      times.push(await search(siteId, origin, i));
      await Bun.sleep(100);
    }
  }
  console.log(JSON.stringify(times));
  process.exit(0);
}

if (role === "import") await importPages(rest[0]!, rest[1]!, Number(rest[2]));
else if (role === "search") await searches(rest[0]!, rest[1]!, Number(rest[2]), rest[3] === "--until-told");
else throw new Error(`unknown role ${role}`);

// Builds the dashboard (Lit + Shoelace + Chart.js) into dist/dashboard, served by the service at /dashboard.
import { copyFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Only the Shoelace icons the dashboard uses, copied beside it: sl-icon fetches them from the same origin (CSP connect-src 'self'). */
export const ICONS = [
  "copy",
  "check",
  "x-lg",
  "eye",
  "eye-slash",
  "chevron-down",
  "x-circle-fill",
  "info-circle",
  "exclamation-triangle",
  "moon",
  "sun",
  "list",
];

function shoelaceIcons(): Plugin {
  return {
    name: "dashboard-shoelace-icons",
    writeBundle() {
      const out = at("../dist/dashboard/shoelace/assets/icons");
      mkdirSync(out, { recursive: true });
      for (const name of ICONS) copyFileSync(at(`../node_modules/@shoelace-style/shoelace/dist/assets/icons/${name}.svg`), `${out}/${name}.svg`);
    },
  };
}

export default defineConfig({
  root: at("."),
  base: "/dashboard/",
  publicDir: false,
  plugins: [shoelaceIcons()],
  build: {
    outDir: at("../dist/dashboard"),
    emptyOutDir: true,
    target: "es2022",
    // One JS and one CSS file, no inline modulepreload polyfill: the CSP allows no inline script.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
  },
});

// Builds the widget three ways: the ES module for bundlers, and two script-tag IIFEs (search, then chat on first use).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, defineConfig, type InlineConfig, type Plugin } from "vite";
import { minifyCssTemplates } from "./minify-css-templates.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * An IIFE cannot code-split, so the script-tag build swaps the dynamic-import loader for one that adds
 * site-search-chat.js (a second IIFE beside the first) as a <script>. Keeps the first paint's file small.
 */
function scriptTagChatLoader(): Plugin {
  return {
    name: "site-search-script-tag-chat-loader",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer && source.endsWith("/load-chat-runtime.ts")) return at("./chat/load-chat-runtime-script.ts");
      return null;
    },
  };
}

/**
 * Host pages may not be UTF-8 and script tags rarely say charset, so the script-tag files are made pure ASCII.
 * Non-ASCII only occurs in string, template and regex literals, where a \uXXXX escape means the same code unit.
 */
function asciiOnly(): Plugin {
  return {
    name: "site-search-ascii-only",
    // generateBundle runs after minification, which would otherwise turn the escapes back into characters.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk") chunk.code = chunk.code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      }
    },
  };
}

function iife(entry: string, fileName: string, name: string): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: "warn",
    plugins: [scriptTagChatLoader(), minifyCssTemplates(), asciiOnly()],
    build: {
      outDir: "dist",
      emptyOutDir: false,
      target: "es2022",
      minify: true,
      // No eval, no inline styles, no new Function: the output runs under a strict CSP.
      lib: { entry: at(entry), formats: ["iife"], name, fileName: () => fileName },
    },
  };
}

/**
 * The script-tag files: dist/site-search.js (search, self-registering), dist/site-search-chat.js (chat + markdown) and
 * dist/site-search-purify.js (DOMPurify, only fetched by browsers without the HTML Sanitizer API).
 */
export const scriptTagBuilds: InlineConfig[] = [
  iife("./script-tag.ts", "site-search.js", "SiteSearch"),
  iife("./chat/chat-runtime-global.ts", "site-search-chat.js", "SiteSearchChat"),
  iife("./chat/purify-global.ts", "site-search-purify.js", "SiteSearchPurify"),
];

/** Declarations for `import "site-search/widget"`: tsc emits them, a stub re-exports at the path package.json names. */
function declarations(): Plugin {
  return {
    name: "site-search-declarations",
    apply: "build",
    closeBundle() {
      execFileSync(`${root}/node_modules/.bin/tsc`, ["-p", at("./tsconfig.build.json")], { stdio: "inherit", cwd: root });
      writeFileSync(`${root}/dist/widget/site-search.d.ts`, "export * from './types/widget/index.js';\n");
    },
  };
}

function alsoBuildScriptTag(): Plugin {
  return {
    name: "site-search-script-tag-builds",
    apply: "build",
    async closeBundle() {
      for (const config of scriptTagBuilds) await build(config);
    },
  };
}

export const moduleBuild: InlineConfig = {
  root,
  logLevel: "warn",
  build: {
    outDir: "dist/widget",
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    lib: { entry: at("./index.ts"), formats: ["es"], fileName: () => "site-search.mjs" },
    rollupOptions: {
      // Bundler users get one copy of Lit and friends shared with their app; the IIFE inlines them instead.
      external: [/^lit(\/|$)/, /^@lit\//, /^@floating-ui\//, "marked", "dompurify"],
      output: { chunkFileNames: "[name]-[hash].mjs" },
    },
  },
};

export default defineConfig({ ...moduleBuild, plugins: [minifyCssTemplates(), declarations(), alsoBuildScriptTag()] });

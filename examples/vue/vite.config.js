// Vue example: tell the template compiler that <site-search> is a custom element, not a Vue component.
import { defineConfig } from "vite";
import vue from "@vitejs/plugin-vue";

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === "site-search" } } })],
});

// React example: a plain Vite app; the widget comes from the package's ES module build.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({ plugins: [react()] });

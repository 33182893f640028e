// Mounts the Vue example; importing the widget registers <site-search>.
import { createApp } from "vue";
import "site-search/widget";
import App from "./App.vue";

createApp(App).mount("#app");

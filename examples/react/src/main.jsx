// React 19 passes attributes to custom elements as-is; events are wired with a ref so any React version works.
import { StrictMode, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import "site-search/widget";

// Which server and site to search: VITE_* variables, e.g. from .env.local (see examples/README.md).
const endpoint = import.meta.env.VITE_SITE_SEARCH_ENDPOINT || "http://localhost:3000";
const siteId = import.meta.env.VITE_SITE_SEARCH_SITE_ID || "YOUR_SITE_ID";

function App() {
  const ref = useRef(null);
  const [last, setLast] = useState("");

  useEffect(() => {
    const element = ref.current;
    // SiteSearchSelectEvent is cancelable: route inside the SPA instead of a full page load.
    const onSelect = (event) => {
      event.preventDefault();
      setLast(event.url);
    };
    const onError = (event) => console.warn("site-search:", event.code, event.message);
    element.addEventListener("site-search-select", onSelect);
    element.addEventListener("site-search-error", onError);
    return () => {
      element.removeEventListener("site-search-select", onSelect);
      element.removeEventListener("site-search-error", onError);
    };
  }, []);

  return (
    <main>
      <h1>React + site-search</h1>
      <site-search ref={ref} mode="modal" endpoint={endpoint} site-id={siteId}></site-search>
      <p>Last selected: {last || "nothing yet"}</p>
    </main>
  );
}

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

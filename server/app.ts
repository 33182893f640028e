// The entry points' one door: the container (server/composition/container.ts) builds the service, mounts every route
// on `services.http` and lists the background work on `services.background`.
export { createContainer, createServices, type ContainerParts } from "./composition/container.ts";
export type { ServiceOverrides, Services } from "./composition/services.ts";

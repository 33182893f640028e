// The search groups' public entry point: what routes and other use-case folders may import from it.
export type { GroupService } from "./group-service.ts";
export { createGroupsModule, type GroupsModule } from "./groups-module.ts";

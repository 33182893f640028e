// Search groups: create, list, change and delete an organisation's groups of sites, within its quota.
import { ErrorCode } from "../../shared/errors.ts";
import type { CreateGroupBody, Group, UpdateGroupBody } from "../../shared/groups.ts";
import { DomainError, badRequest, notFound } from "../errors/domain-error.ts";
import type { GroupRow, GroupStore } from "../ports/group-store.ts";

/** Groups per Enterprise organisation; the interface leaves plan quotas open, so this is ours (decisions.md). */
export const GROUPS_PER_ORGANISATION = 100;

export interface GroupSites {
  listByIds(orgId: string, ids: string[]): Promise<Array<{ id: string }>>;
}

const toSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toGroup(row: GroupRow): Group {
  return {
    groupId: row.id,
    name: row.name,
    description: row.description,
    siteIds: row.siteIds,
    createdAt: toSeconds(row.createdAt),
    updatedAt: toSeconds(row.updatedAt),
  };
}

export class GroupService {
  constructor(
    private readonly groups: GroupStore,
    private readonly sites: GroupSites,
    private readonly quota = GROUPS_PER_ORGANISATION,
  ) {}

  async list(orgId: string): Promise<Group[]> {
    return (await this.groups.list(orgId)).map(toGroup);
  }

  async create(orgId: string, body: CreateGroupBody): Promise<Group> {
    await this.assertOwnSites(orgId, body.siteIds);
    // Counted then inserted without a lock: two racing creates may end one over the quota, which is harmless.
    if ((await this.groups.count(orgId)) >= this.quota) {
      throw new DomainError(
        ErrorCode.PaymentRequired,
        `This organisation has reached its limit of ${this.quota} search groups; delete one or contact us to raise the limit.`,
      );
    }
    return toGroup(await this.groups.create({ orgId, name: body.name.trim(), description: body.description ?? "", siteIds: body.siteIds }));
  }

  async update(orgId: string, groupId: string, body: UpdateGroupBody): Promise<Group> {
    if (body.siteIds) await this.assertOwnSites(orgId, body.siteIds);
    const row = await this.groups.update(orgId, groupId, body.name === undefined ? body : { ...body, name: body.name.trim() });
    if (!row) throw notFound("Search group");
    return toGroup(row);
  }

  async delete(orgId: string, groupId: string): Promise<void> {
    if (!(await this.groups.delete(orgId, groupId))) throw notFound("Search group");
  }

  private async assertOwnSites(orgId: string, siteIds: string[]): Promise<void> {
    const found = new Set((await this.sites.listByIds(orgId, siteIds)).map((s) => s.id));
    const unknown = siteIds.filter((id) => !found.has(id));
    if (unknown.length > 0) throw badRequest(`These siteIds are not sites of this organisation: ${unknown.join(", ")}.`);
  }
}

import { describe, expect, test } from "bun:test";
import { assertPublicAddress, BlockedAddressError, blockedAddressReason } from "./address-guard.ts";

const hostOf = (url: string) => new URL(url).hostname;

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
}

describe("address guard", () => {
  describe("an IPv4 address", () => {
    test("is blocked when private, loopback, link-local, CGNAT, this-network, multicast or reserved", () => {
      for (const ip of [
        "10.1.2.3",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.1.1",
        "127.0.0.1",
        "127.255.0.9",
        "169.254.169.254",
        "100.64.0.1",
        "100.127.255.255",
        "0.0.0.0",
        "224.0.0.1",
        "255.255.255.255",
        "198.18.0.1",
      ]) {
        expect(blockedAddressReason(ip)).not.toBeNull();
      }
    });

    test("is allowed when public, including neighbours of the blocked ranges", () => {
      for (const ip of ["8.8.8.8", "93.184.216.34", "172.15.255.255", "172.32.0.0", "100.63.255.255", "100.128.0.0", "11.0.0.0", "169.253.0.1"]) {
        expect(blockedAddressReason(ip)).toBeNull();
      }
    });
  });

  describe("an IPv6 address", () => {
    test("is blocked when loopback, link-local, unique-local, multicast, unspecified or metadata", () => {
      for (const ip of ["::1", "::", "fe80::1", "febf::1", "fc00::1", "fd12:3456::1", "fd00:ec2::254", "ff02::1", "2001:db8::1"]) {
        expect(blockedAddressReason(ip)).not.toBeNull();
      }
    });

    test("is judged by the IPv4 address it carries", () => {
      expect(blockedAddressReason("::ffff:127.0.0.1")).not.toBeNull();
      expect(blockedAddressReason("::ffff:7f00:1")).not.toBeNull();
      expect(blockedAddressReason("::ffff:a9fe:a9fe")).not.toBeNull();
      expect(blockedAddressReason("64:ff9b::10.0.0.1")).not.toBeNull();
      expect(blockedAddressReason("2002:c0a8:0101::1")).not.toBeNull();
      expect(blockedAddressReason("::ffff:8.8.8.8")).toBeNull();
    });

    test("is allowed when global unicast", () => {
      expect(blockedAddressReason("2606:4700:4700::1111")).toBeNull();
      expect(blockedAddressReason("2a00:1450:4001:80b::200e")).toBeNull();
    });
  });

  describe("a host name from a URL", () => {
    test("rejects literal loopback in every spelling the URL parser accepts", async () => {
      for (const url of [
        "http://127.0.0.1/",
        "http://2130706433/",
        "http://0x7f000001/",
        "http://0177.0.0.1/",
        "http://127.1/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[0:0:0:0:0:ffff:7f00:1]/",
      ]) {
        expect(await failure(assertPublicAddress(hostOf(url)))).toBeInstanceOf(BlockedAddressError);
      }
    });

    test("rejects names of local and metadata services without asking DNS", async () => {
      for (const name of ["localhost", "app.localhost", "metadata.google.internal", "METADATA.google.internal."]) {
        expect(await failure(assertPublicAddress(name))).toBeInstanceOf(BlockedAddressError);
      }
    });

    test("says only that the address is not allowed, never what a name resolved to", async () => {
      const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
      const error = (await failure(assertPublicAddress("vm", { lookup }))) as Error;
      expect(error).toBeInstanceOf(BlockedAddressError);
      expect(error.message).toContain("vm is not an allowed address");
      for (const detail of ["127.0.0.1", "loopback", "resolves"]) expect(error.message).not.toContain(detail);
      for (const host of ["10.0.0.1", "localhost"])
        expect(((await failure(assertPublicAddress(host))) as Error).message).toContain("is not an allowed address");
    });

    test("accepts a public literal address", async () => {
      expect(await failure(assertPublicAddress("93.184.216.34"))).toBeNull();
      expect(await failure(assertPublicAddress(hostOf("http://[2606:4700:4700::1111]/")))).toBeNull();
    });
  });

  describe("the operator's overrides", () => {
    test("allowPrivateNetworks lets everything through", async () => {
      expect(await failure(assertPublicAddress("127.0.0.1", { allowPrivateNetworks: true }))).toBeNull();
      expect(await failure(assertPublicAddress("localhost", { allowPrivateNetworks: true }))).toBeNull();
    });

    test("a trusted host name is let through by name only", async () => {
      expect(await failure(assertPublicAddress("localhost", { trustedHosts: ["localhost"] }))).toBeNull();
      expect(await failure(assertPublicAddress("127.0.0.1", { trustedHosts: ["localhost"] }))).toBeInstanceOf(BlockedAddressError);
    });
  });
});

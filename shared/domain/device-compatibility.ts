// domain → is a phone or tablet eSIM-capable? Looks the device up in the dated list shared/data/devices/esim-devices.json.
// The list (about 10 KB) is bundled with the functions that serve it and expanded and indexed on first use: no storage
// call per check. Nothing runs at load, so a function that imports only compareVersions (install instructions) drops it.
import deviceFile from '../data/devices/esim-devices.json' with { type: 'json' };

export interface EsimDevice {
  brand: string;
  model: string;
  os: 'iOS' | 'iPadOS' | 'Android';
  device_type: 'phone' | 'tablet';
  /** Lowest OS version with eSIM on this device; null when every version it ships with has it. */
  min_os_version: string | null;
  /** Regional variants without eSIM and other caveats. */
  notes: string | null;
  /** Other names the same device is sold or reported under. */
  aliases?: string[];
}

export interface DeviceList {
  updated: string;
  sources: Array<{ name: string; url: string | null }>;
  devices: EsimDevice[];
}

/**
 * The file as maintainers write it: devices grouped in families that give their brand, OS, type and usual note,
 * notes written once and named by key. A device states only what differs from its family.
 */
interface DeviceFile {
  updated: string;
  sources: DeviceList['sources'];
  notes: Record<string, string>;
  families: Array<
    Pick<EsimDevice, 'brand' | 'os' | 'device_type'> & {
      notes: string | null;
      devices: Array<{ model: string; min_os_version?: string; notes?: string | null; aliases?: string[] }>;
    }
  >;
}

const file = deviceFile as DeviceFile;

const noteText = (key: string | null): string | null => {
  if (key === null) return null;
  const text = file.notes[key];
  if (text === undefined) throw new Error(`esim-devices.json names a note "${key}" that its notes table lacks`);
  return text;
};

let list: DeviceList | undefined;
/** The list as GET /native/device-compatibility serves it: one entry per device, its family's facts filled in. */
export const compatibleDeviceList = (): DeviceList => {
  list ??= {
    updated: file.updated,
    sources: file.sources,
    devices: file.families.flatMap(({ devices, notes, ...family }) =>
      devices.map(({ model, min_os_version = null, notes: own = notes, aliases }) => ({
        brand: family.brand,
        model,
        os: family.os,
        device_type: family.device_type,
        min_os_version,
        notes: noteText(own),
        ...(aliases ? { aliases } : {}),
      })),
    ),
  };
  return list;
};

/** A version number inside what a phone reports ("17.4", "Android 14"). */
export const VERSION_PATTERN = /\d+(?:\.\d+)*/;

/** What POST /native/device-compatibility asks about (validated by device-compatibility-schema.ts). */
export interface DeviceCompatibilityRequest {
  phone_brand: string;
  phone_model: string;
  phone_os: string;
  os_version: string;
}

export type IncompatibilityReason = 'unknown_device' | 'os_mismatch' | 'os_version_too_old';

export interface CompatibilityResult extends DeviceCompatibilityRequest {
  is_compatible: boolean;
  reason_code: IncompatibilityReason | null;
  /** Why not, in words a traveler can act on; null when compatible. */
  reason: string | null;
  /** The entry of GET /native/device-compatibility that matched, or null. */
  device: EsimDevice | null;
}

/** "iPhone 15 Pro", "iphone15pro" and "IPHONE-15-PRO" are one key; "S20+" and "S20 Plus" too. */
export const deviceKey = (value: string): string =>
  value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\+/g, 'plus')
    .replace(/[^a-z0-9]/g, '');

/** Brand spellings apps report (Build.MANUFACTURER, marketing names). */
const brandAliases: Record<string, string> = { moto: 'motorola', motorolamobility: 'motorola', samsungelectronics: 'samsung', googleinc: 'google' };

const brandKey = (brand: string): string => {
  const key = deviceKey(brand);
  return brandAliases[key] ?? key;
};

/** An iPhone's model identifier as iOS reports it (`iPhone15,2`): matched as written, never as a name ("iPhone1,1" is no iPhone 11). */
const APPLE_IDENTIFIER = /^iphone\d+,\d+$/;
const identifierOf = (value: string): string => value.normalize('NFKD').toLowerCase().replace(/\s+/g, '');

/**
 * A Samsung model number as Android reports it (`SM-S911B`): the series letter and three digits name the model, the
 * suffix the market. Only the suffixes of models sold with eSIM are read (B international, F Europe, U and U1 United
 * States, W Canada; `/DS` dual SIM); the Chinese (`0`), Korean (`N`) and other variants may lack it, so they stay unknown.
 */
const SAMSUNG_MODEL_NUMBER = /^(sm[a-z]\d{3})(?:b|f|u|u1|w)(?:ds)?$/;

let index: Map<string, EsimDevice> | undefined;
const deviceIndex = (): Map<string, EsimDevice> => {
  if (index) return index;
  index = new Map();
  for (const device of compatibleDeviceList().devices) {
    const brand = brandKey(device.brand);
    for (const name of [device.model, ...(device.aliases ?? [])]) {
      const identifier = identifierOf(name);
      index.set(APPLE_IDENTIFIER.test(identifier) ? `${brand}#${identifier}` : `${brand}|${deviceKey(name)}`, device);
    }
  }
  return index;
};

/** The model without the brand in front of it: "Samsung" + "Samsung Galaxy S23" is "Galaxy S23". */
const withoutBrand = (key: string, brand: string): string => (key.startsWith(brand) && key.length > brand.length ? key.slice(brand.length) : key);

const lookUp = (brand: string, model: string): EsimDevice | undefined => {
  const index = deviceIndex();
  const b = brandKey(brand);
  const identifier = withoutBrand(identifierOf(model), b);
  if (APPLE_IDENTIFIER.test(identifier)) return index.get(`${b}#${identifier}`);
  const m = deviceKey(model);
  const found = index.get(`${b}|${m}`) ?? index.get(`${b}|${withoutBrand(m, b)}`);
  if (found || b !== 'samsung') return found;
  const number = SAMSUNG_MODEL_NUMBER.exec(withoutBrand(m, b));
  return number ? index.get(`${b}|${number[1]}`) : undefined;
};

/** The OS family by its name's words, so "iOS 17", "Apple iOS" and "iPadOS" read as iOS ("KaiOS" does not). */
const osFamily = (os: string): 'apple' | 'android' | undefined => {
  const words = os
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z]+/);
  if (words.some((word) => word === 'ios' || word === 'ipados' || word === 'iphoneos')) return 'apple';
  if (words.some((word) => word === 'android' || word === 'harmonyos')) return 'android';
  return undefined;
};

const versionParts = (version: string): number[] => (VERSION_PATTERN.exec(version)?.[0] ?? '0').split('.').map(Number);

/** Negative when a < b, as dotted numeric versions ("17.4" > "17.10" is false). */
export const compareVersions = (a: string, b: string): number => {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
};

export const checkCompatibility = (request: DeviceCompatibilityRequest): CompatibilityResult => {
  const device = lookUp(request.phone_brand, request.phone_model);
  const answer = (reason_code: IncompatibilityReason | null, reason: string | null): CompatibilityResult => ({
    ...request,
    is_compatible: reason_code === null,
    reason_code,
    reason,
    device: device ?? null,
  });
  if (!device) {
    return answer(
      'unknown_device',
      `${request.phone_brand} ${request.phone_model} is not on the list of eSIM-capable devices. If its settings offer "Add eSIM", it has one.`,
    );
  }
  if (osFamily(request.phone_os) !== osFamily(device.os)) {
    return answer('os_mismatch', `${device.brand} ${device.model} runs ${device.os}, not ${request.phone_os}.`);
  }
  // A version without a number ("latest") cannot be compared: the device is judged by its model and OS alone.
  if (device.min_os_version && VERSION_PATTERN.test(request.os_version) && compareVersions(request.os_version, device.min_os_version) < 0) {
    return answer(
      'os_version_too_old',
      `eSIM on ${device.brand} ${device.model} needs ${device.os} ${device.min_os_version} or later; update the software first.`,
    );
  }
  return answer(null, null);
};

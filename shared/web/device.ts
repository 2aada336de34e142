// web → the traveler's device for the install page: read from the User-Agent, or chosen in the page's picker.
export const devicePlatforms = ['iphone', 'ipad', 'android', 'other'] as const;
export type DevicePlatform = (typeof devicePlatforms)[number];

/** The picker's OS versions: enough to tell the install paths apart (Apple's one-tap link needs iOS 17.4). */
export const pickerVersions = {
  iphone: ['16', '17.0', '17.4', '18'],
  ipad: ['16', '17.0', '17.4', '18'],
  android: ['10', '11', '12', '13', '14', '15'],
  other: [],
} as const;

export interface Device {
  platform: DevicePlatform;
  /** `''` when unknown. */
  osVersion: string;
}

const MAX_USER_AGENT = 512;
const VERSION = /^\d{1,3}(\.\d{1,3}){0,2}$/;

/** iPhone/iPad (`OS 17_4`) and Android (`Android 14`); anything else (desktop, unknown) is `other`. */
export const deviceFromUserAgent = (userAgent: string | undefined): Device => {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  const apple = /\((iPhone|iPad|iPod)[^)]*? OS (\d+(?:_\d+){0,2})/.exec(ua);
  if (apple) return { platform: apple[1] === 'iPad' ? 'ipad' : 'iphone', osVersion: apple[2]!.replace(/_/g, '.') };
  const android = /Android (\d+(?:\.\d+){0,2})/.exec(ua);
  if (android) return { platform: 'android', osVersion: android[1]! };
  return { platform: 'other', osVersion: '' };
};

/** Apple's and Android's versions are told apart: an iPad never runs Android 10, a phone never iOS 99. */
const isAndroid = (platform: DevicePlatform) => platform === 'android';

/**
 * The versions the picker offers a platform: its list, and the version the User-Agent showed for that family of
 * systems (the picker lists it too).
 */
const offeredVersions = (platform: DevicePlatform, detected: Device): string[] =>
  platform === 'other'
    ? []
    : [
        ...pickerVersions[platform],
        ...(detected.platform !== 'other' && isAndroid(detected.platform) === isAndroid(platform) ? [detected.osVersion] : []),
      ];

/** The picker's choice wins over the User-Agent; a value outside the lists is ignored (the detection stays). */
export const chosenDevice = (query: Record<string, string | undefined> | null, userAgent: string | undefined): Device => {
  const detected = deviceFromUserAgent(userAgent);
  const platform = devicePlatforms.find((p) => p === query?.platform);
  if (!platform) return detected;
  const version = query?.os_version ?? '';
  return { platform, osVersion: VERSION.test(version) && offeredVersions(platform, detected).includes(version) ? version : '' };
};

/** What the install instructions renderer takes: a device name and the OS it runs. */
export const rendererDevice = (device: Device, names: { android: string; other: string }) => {
  const byPlatform = {
    iphone: ['iPhone', 'iOS'],
    ipad: ['iPad', 'iPadOS'],
    android: [names.android, 'Android'],
    other: [names.other, 'other'],
  } as const;
  const [name, os] = byPlatform[device.platform];
  return { name, os, osVersion: device.osVersion };
};

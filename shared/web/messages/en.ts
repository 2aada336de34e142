// web → English, the fallback language; every other language must carry exactly these keys.
/** The layout, the pages that only say what happened (refusals, failures, not found, signed out) and words several pages share: every page function needs them. */
export const enFrame = {
  /** A classic eSIM by its country: the home page's heading and the install page's label. */
  otherEsimTitle: 'Your eSIM for {place}',
  skipToContent: 'Skip to main content',
  serviceName: 'Travel eSIM',
  footer: 'Secure page, sent encrypted.',
  /** A page title of two parts: French puts a space before the colon. */
  titleParts: '{first}: {second}',
  backToApp: 'Return to the app you came from and open your eSIM again to get a fresh link.',
  tokenExpiredTitle: 'This link has expired',
  tokenExpiredBody: 'Sign-in links work for a few minutes only, to keep your eSIM safe.',
  tokenUsedTitle: 'This link was already used',
  tokenUsedBody: 'Each sign-in link works once. If you opened it before, your session may still be open in that window.',
  tokenInvalidTitle: 'This link is not valid',
  tokenInvalidBody: 'The link may be incomplete. Open it again from the app, without changing it.',
  sessionExpiredTitle: 'Your session has ended',
  sessionExpiredBody: 'For your security, sessions end after a short time.',
  notFoundTitle: 'Page not found',
  notFoundBody: 'We could not find this page. Check the address, or go back to the app.',
  errorTitle: 'Something went wrong',
  errorBody: 'This is on our side. Please try again in a minute.',
  formExpiredTitle: 'Please try again',
  formExpiredBody: 'This form expired or was sent from another page. Open the page again and send the form from there.',
  unlimitedData: 'Unlimited',
  signedOutTitle: 'You are signed out',
  notSignedInBody: 'This page shows your travel data once you are signed in.',
  signedOutBody: 'You can close this page.',
  nextStepsTitle: 'What happens next',
  backHome: 'Back to your travel data',
} as const;

/** What the home page says: the traveler's eSIM, its packages and the packages waiting. */
export const enHome = {
  grantAnyDestination: 'Destination of your choice',
  homeTitle: 'Your travel data',
  travelerLabel: 'Traveler ID',
  signedInAsLabel: 'Signed in as',
  esimTitle: 'Your eSIM',
  esimPending: 'Your eSIM and its data meter appear here once it is ready.',
  esimInstalled: 'Installed on your phone',
  esimNotInstalled: 'Not installed yet',
  esimRemoved: 'Removed from your phone: install it again to use its data',
  packageQueued: 'Starts when you arrive',
  packageActive: 'Active',
  packageDepleted: 'Used up',
  packageExpired: 'Expired',
  usageLine: '{percent}% used',
  validityLine: '{percent}% of its validity used',
  remainingLine: '{amount} left',
  validUntil: 'Valid until {date}',
  expiredOn: 'Expired on {date}',
  queuedTitle: 'Packages waiting for you',
  queuedEmpty: 'No packages are waiting for you right now.',
  missedTitle: 'Packages no longer available',
  missedNote: 'The time to take them has ended. If you still need one, ask the company you booked your trip with.',
  sizeLabel: 'Data',
  durationLabel: 'Valid for',
  expiresLabel: 'Available until',
  statusLabel: 'Status',
  statusPending: 'Ready to redeem',
  statusRedeemed: 'Redeemed',
  statusClaimed: 'Claimed',
  statusExpired: 'Expired',
  esimTypeClassic: 'Classic eSIM',
  esimTypeUniversal: 'Universal eSIM',
  signOut: 'Sign out',
  installLink: 'Install your eSIM on this phone',
  installAgainLink: 'Installation steps, if you need them again',
  shopLink: 'Buy more data',
  redeemAction: 'Redeem now',
  claimAction: 'Get this eSIM',
  grantDestinationLabel: 'Where do you travel?',
  grantDestinationChoose: 'Choose a country',
  grantInvalidTitle: 'This package could not be redeemed',
  grantInvalidBody: 'Something in the form was missing or changed. Go back to your travel data and try again.',
  grantGoneTitle: 'This package is no longer waiting for you',
  grantGoneBody: 'It was redeemed already, or it was withdrawn. Your travel data shows what is on your eSIM.',
  grantExpiredBody: 'The time to take it has ended. If you still need it, ask the company you booked your trip with.',
  grantDestinationTitle: 'Which country do you travel to?',
  grantDestinationBody: 'This package works in the country you choose. Go back, choose a country and redeem it again.',
  grantLaterTitle: 'Your package could not be added right now',
  grantLaterBody: 'Nothing was changed and it is still waiting for you. Please try again in a few minutes.',
  grantBlockedTitle: 'This package cannot be redeemed yet',
  grantBlockedBody:
    'It needs something from the company that gave it to you, or your eSIM already holds as many packages as it can. Contact them if it stays like this.',
  grantRedeemedNotice: 'Done: the package is yours. It shows below with the eSIM it is on.',
  installOtherLink: 'Install this eSIM on this phone',
  grantNotReadyStatus: 'Not ready yet',
  grantNotReady: 'Not ready yet: the company that gave it to you still has to complete it.',
} as const;

/** What the promo-code claim form and its outcomes say. */
export const enClaim = {
  claimTitle: 'Get your eSIM promo code',
  claimIntro: 'Enter your email address and we will send you the code for your travel data package.',
  emailLabel: 'Email address',
  emailHint: 'We use it only to send you this code.',
  claimSubmit: 'Send my code',
  nextStep1: 'We email you the code straight away.',
  nextStep2: 'Open the email on the phone you travel with.',
  nextStep3: 'Enter the code in the app, as the email says, to get your eSIM before you leave.',
  errorSummaryTitle: 'There is a problem',
  emailInvalid: 'Enter an email address like name@example.com',
  claimSentTitle: 'Check your email',
  claimSentBody:
    'We sent your code to {email}. It can take a few minutes to arrive. If that address is wrong, ask the company you booked your trip with to release the code, then claim it again.',
  claimTakenTitle: 'This code was already claimed',
  claimTakenBody:
    'If that was you, look for our email in your inbox and spam folder. If the address was mistyped, ask the company you booked your trip with to release the code.',
  claimRedeemedTitle: 'This code was already used',
  claimRedeemedBody: 'Its eSIM has already been issued. If that was you, open your travel app to find it.',
  claimTooManyTitle: 'Too many attempts',
  claimTooManyBody: 'Please wait a few minutes and try again.',
} as const;

/** What the install page says around the instructions: the device picker. */
export const enInstall = {
  installNoEsimTitle: 'Your eSIM is not ready yet',
  installNoEsimBody: 'There is no eSIM to install for you yet. It is created when you redeem your first data package.',
  installNoEsimNext: 'Go back to your travel data, redeem a package, then open this page again: the steps for your phone appear here.',
  devicePickerTitle: 'Not your device?',
  deviceShown: 'Steps for: {device}.',
  deviceChange: 'Change device',
  devicePlatformLabel: 'Phone or tablet',
  deviceVersionLabel: 'System version',
  deviceVersionHint: 'You find it in Settings, under General > About (iPhone) or About phone (Android).',
  deviceVersionUnknown: 'I do not know',
  deviceSubmit: 'Show the steps',
  deviceIphone: 'iPhone',
  deviceIpad: 'iPad',
  deviceAndroid: 'Android phone',
  deviceOther: 'Other phone',
  installBrandFallback: 'travel',
  deviceOtherName: 'phone',
  deviceAndroidName: 'Android phone',
} as const;

/** What the shop and its checkout say. */
export const enShop = {
  shopTitle: 'Buy data',
  shopIntro: 'Choose where you travel, then a package. It is added to your universal eSIM; if you have none yet, one is made for you.',
  shopDestinationLabel: 'Destination',
  shopChooseDestination: 'Choose a destination',
  shopUnknownDestination: 'We sell no package for that destination. Choose one from the list.',
  shopShowBundles: 'Show packages',
  shopBundlesFor: 'Packages: {destination}',
  shopRegionalBundles: 'Regional packages: {region}',
  shopRegionalHint: 'They also work in the other countries of this region.',
  shopNoBundles: 'There are no packages for this destination right now.',
  shopBuy: 'Buy for {price}',
  shopBack: 'Back to the shop',
  checkoutDoneTitle: 'Payment received',
  checkoutWhat: 'You bought',
  checkoutPaid: 'Paid',
  checkoutNextInstalled: 'The data is on your installed eSIM now. It starts when you arrive and your phone connects to a mobile network there.',
  checkoutNextInstall:
    'The data is on an eSIM that is not installed on this phone yet. Install it before you travel: the data starts when you arrive and your phone connects to a mobile network there.',
  checkoutInstallButton: 'Install the eSIM',
  checkoutButton: 'Back to your travel data',
  checkoutInvalidTitle: 'This purchase could not be sent',
  checkoutInvalidBody: 'Something in the form was missing or changed. Nothing was charged. Go back to the shop and choose the package again.',
  bundleGoneTitle: 'This package is no longer available',
  bundleGoneBody: 'Nothing was charged. Go back to the shop and choose another package.',
} as const;

/** Every text, for tests and tools; pure-marked, so a function bundles the groups it translates with alone. */
export const en = /* @__PURE__ */ (() => ({ ...enFrame, ...enHome, ...enClaim, ...enInstall, ...enShop }))();

export type FrameMessageKey = keyof typeof enFrame;
export type HomeMessageKey = FrameMessageKey | keyof typeof enHome;
export type ClaimMessageKey = FrameMessageKey | keyof typeof enClaim;
export type InstallMessageKey = FrameMessageKey | keyof typeof enInstall;
export type ShopMessageKey = FrameMessageKey | keyof typeof enShop;
export type MessageKey = keyof typeof en;
export type FrameMessages = Record<FrameMessageKey, string>;
export type HomeMessages = Record<keyof typeof enHome, string>;
export type ClaimMessages = Record<keyof typeof enClaim, string>;
export type InstallMessages = Record<keyof typeof enInstall, string>;
export type ShopMessages = Record<keyof typeof enShop, string>;
export type Messages = Record<MessageKey, string>;

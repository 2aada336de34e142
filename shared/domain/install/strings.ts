// domain → the install instructions' text in every served locale; `{name}` placeholders are filled by the renderer.
import type { ServedLocale } from '#shared/domain/locale';

export interface InstallStrings {
  title: string;
  intro: string;
  /** The document's title and intro once the eSIM is on the device: nothing to install, only to turn on. */
  installedDocumentTitle: string;
  installedIntro: string;
  /** The intro for an eSIM removed from a device: the same steps install it again. */
  removedIntro: string;
  installedTitle: string;
  installedBody: string;
  oneTapTitle: string;
  oneTapBody: string;
  oneTapLabel: string;
  qrTitle: string;
  /** The QR step when it comes first (no one-tap link before it): no "Or". */
  qrTitleFirst: string;
  qrBodyIos: string;
  qrBodyAndroid: string;
  qrBodyOther: string;
  manualTitle: string;
  manualBodyIos: string;
  manualBodyAndroid: string;
  manualBodyOther: string;
  confirmationCodeTitle: string;
  confirmationCodeBody: string;
  confirmationCodeLabel: string;
  turnOnTitle: string;
  turnOnBody: string;
  smdpLabel: string;
  matchingIdLabel: string;
  activationCodeLabel: string;
  iccidLabel: string;
  qrAlt: string;
}

export const installStrings: Record<ServedLocale, InstallStrings> = {
  en: {
    title: 'Install your {brand} eSIM',
    intro: 'Follow these steps on your {device}. You need Wi-Fi or mobile data. If you remove the eSIM later, these steps install it again.',
    installedDocumentTitle: 'Your {brand} eSIM is installed',
    installedIntro: 'If you remove it from your {device} later, these instructions show again how to install it.',
    removedIntro: 'This eSIM was removed from a phone. Follow these steps on your {device} to install it again. You need Wi-Fi or mobile data.',
    installedTitle: 'Your eSIM is installed',
    installedBody: 'Nothing more to install on your {device}. The steps below turn it on when you arrive.',
    oneTapTitle: 'Install with one tap',
    oneTapBody: 'Tap "{oneTapLabel}" on this {device}. The eSIM setup opens and asks you to confirm.',
    oneTapLabel: 'Install eSIM',
    qrTitle: 'Or scan the QR code',
    qrTitleFirst: 'Scan the QR code',
    qrBodyIos:
      'Show this QR code on another screen. On your {device}, open Settings > Mobile Service (or Cellular) > Add eSIM > Use QR Code, and scan it.',
    qrBodyAndroid:
      'Show this QR code on another screen. On your {device}, open Settings > Network & internet > SIMs > Add eSIM (Samsung: Settings > Connections > SIM manager > Add eSIM), and scan it.',
    qrBodyOther: 'Show this QR code on another screen. In the mobile network settings of your {device}, choose to add an eSIM and scan it.',
    manualTitle: 'Or enter the details yourself',
    manualBodyIos: 'Choose "Enter Details Manually" and type the SM-DP+ address and the activation code below.',
    manualBodyAndroid:
      'Choose "Enter code manually" and type the full activation code below. If your phone asks for two fields, use the SM-DP+ address and the activation code.',
    manualBodyOther: 'Choose to enter the eSIM details manually and use the values below.',
    confirmationCodeTitle: 'Enter your confirmation code',
    confirmationCodeBody:
      'When your {device} asks for a confirmation code while installing, enter {confirmationCode}. Keep it to yourself: it protects your eSIM.',
    confirmationCodeLabel: 'Confirmation code',
    turnOnTitle: 'Turn it on when you arrive',
    turnOnBody: 'Choose the {brand} eSIM for mobile data and turn on data roaming for it. Your usual line can stay on for calls and texts.',
    smdpLabel: 'SM-DP+ address',
    matchingIdLabel: 'Activation code',
    activationCodeLabel: 'Full activation code',
    iccidLabel: 'ICCID',
    qrAlt: 'QR code that installs your eSIM',
  },
  de: {
    title: 'Ihre {brand}-eSIM installieren',
    intro:
      'Folgen Sie diesen Schritten auf Ihrem {device}. Sie brauchen WLAN oder mobile Daten. Wenn Sie die eSIM später entfernen, installieren Sie sie mit diesen Schritten erneut.',
    installedDocumentTitle: 'Ihre {brand}-eSIM ist installiert',
    installedIntro: 'Wenn Sie sie später von Ihrem {device} entfernen, zeigt diese Anleitung wieder, wie Sie sie installieren.',
    removedIntro:
      'Diese eSIM wurde von einem Telefon entfernt. Folgen Sie diesen Schritten auf Ihrem {device}, um sie erneut zu installieren. Sie brauchen WLAN oder mobile Daten.',
    installedTitle: 'Ihre eSIM ist installiert',
    installedBody: 'Auf Ihrem {device} ist nichts mehr zu installieren. Mit den folgenden Schritten schalten Sie sie bei der Ankunft ein.',
    oneTapTitle: 'Mit einem Tippen installieren',
    oneTapBody: 'Tippen Sie auf diesem {device} auf „{oneTapLabel}“. Die eSIM-Einrichtung öffnet sich und bittet um Bestätigung.',
    oneTapLabel: 'eSIM installieren',
    qrTitle: 'Oder den QR-Code scannen',
    qrTitleFirst: 'Den QR-Code scannen',
    qrBodyIos:
      'Zeigen Sie diesen QR-Code auf einem anderen Bildschirm an. Öffnen Sie auf Ihrem {device} Einstellungen > Mobilfunk > eSIM hinzufügen > QR-Code verwenden und scannen Sie ihn.',
    qrBodyAndroid:
      'Zeigen Sie diesen QR-Code auf einem anderen Bildschirm an. Öffnen Sie auf Ihrem {device} Einstellungen > Netzwerk & Internet > SIMs > eSIM hinzufügen (Samsung: Einstellungen > Verbindungen > SIM-Manager > eSIM hinzufügen) und scannen Sie ihn.',
    qrBodyOther:
      'Zeigen Sie diesen QR-Code auf einem anderen Bildschirm an. Öffnen Sie auf Ihrem {device} die Mobilfunkeinstellungen, tippen Sie auf „eSIM hinzufügen“ und scannen Sie den Code.',
    manualTitle: 'Oder die Daten selbst eingeben',
    manualBodyIos: 'Wählen Sie „Details manuell eingeben“ und tippen Sie die SM-DP+-Adresse und den Aktivierungscode unten ein.',
    manualBodyAndroid:
      'Wählen Sie „Code manuell eingeben“ und tippen Sie den vollständigen Aktivierungscode unten ein. Fragt Ihr Telefon nach zwei Feldern, nutzen Sie die SM-DP+-Adresse und den Aktivierungscode.',
    manualBodyOther: 'Wählen Sie die manuelle Eingabe der eSIM-Daten und verwenden Sie die Werte unten.',
    confirmationCodeTitle: 'Bestätigungscode eingeben',
    confirmationCodeBody:
      'Wenn Ihr {device} bei der Installation nach einem Bestätigungscode fragt, geben Sie {confirmationCode} ein. Geben Sie ihn nicht weiter: Er schützt Ihre eSIM.',
    confirmationCodeLabel: 'Bestätigungscode',
    turnOnTitle: 'Bei der Ankunft einschalten',
    turnOnBody:
      'Wählen Sie die {brand}-eSIM für mobile Daten und schalten Sie für sie Datenroaming ein. Ihre gewohnte Nummer kann für Anrufe und SMS aktiv bleiben.',
    smdpLabel: 'SM-DP+-Adresse',
    matchingIdLabel: 'Aktivierungscode',
    activationCodeLabel: 'Vollständiger Aktivierungscode',
    iccidLabel: 'ICCID',
    qrAlt: 'QR-Code, der Ihre eSIM installiert',
  },
  fr: {
    title: 'Installez votre eSIM {brand}',
    intro:
      'Suivez ces étapes sur votre {device}. Il vous faut du Wi-Fi ou des données mobiles. Si vous supprimez l’eSIM plus tard, ces étapes la réinstallent.',
    installedDocumentTitle: 'Votre eSIM {brand} est installée',
    installedIntro: 'Si vous la supprimez plus tard de votre {device}, ces instructions indiquent de nouveau comment l’installer.',
    removedIntro:
      'Cette eSIM a été supprimée d’un téléphone. Suivez ces étapes sur votre {device} pour la réinstaller. Il vous faut du Wi-Fi ou des données mobiles.',
    installedTitle: 'Votre eSIM est installée',
    installedBody: 'Plus rien à installer sur votre {device}. Les étapes ci-dessous l’activent à votre arrivée.',
    oneTapTitle: 'Installer en un geste',
    oneTapBody: 'Touchez « {oneTapLabel} » sur votre {device}. La configuration eSIM s’ouvre et vous demande de confirmer.',
    oneTapLabel: 'Installer l’eSIM',
    qrTitle: 'Ou scannez le QR code',
    qrTitleFirst: 'Scannez le QR code',
    qrBodyIos:
      'Affichez ce QR code sur un autre écran. Sur votre {device}, ouvrez Réglages > Données cellulaires > Ajouter une eSIM > Utiliser un code QR, puis scannez-le.',
    qrBodyAndroid:
      'Affichez ce QR code sur un autre écran. Sur votre {device}, ouvrez Paramètres > Réseau et Internet > SIM > Ajouter une eSIM (Samsung : Paramètres > Connexions > Gestionnaire SIM > Ajouter une eSIM), puis scannez-le.',
    qrBodyOther:
      'Affichez ce QR code sur un autre écran. Dans les réglages réseau mobile de votre {device}, choisissez d’ajouter une eSIM et scannez-le.',
    manualTitle: 'Ou saisissez les informations vous-même',
    manualBodyIos: 'Choisissez « Saisir les détails manuellement » et tapez l’adresse SM-DP+ et le code d’activation ci-dessous.',
    manualBodyAndroid:
      'Choisissez « Saisir le code manuellement » et tapez le code d’activation complet ci-dessous. Si votre téléphone demande deux champs, utilisez l’adresse SM-DP+ et le code d’activation.',
    manualBodyOther: 'Choisissez la saisie manuelle des informations eSIM et utilisez les valeurs ci-dessous.',
    confirmationCodeTitle: 'Saisissez votre code de confirmation',
    confirmationCodeBody:
      'Quand votre {device} demande un code de confirmation pendant l’installation, saisissez {confirmationCode}. Ne le communiquez à personne : il protège votre eSIM.',
    confirmationCodeLabel: 'Code de confirmation',
    turnOnTitle: 'Activez-la à votre arrivée',
    turnOnBody:
      'Choisissez l’eSIM {brand} pour les données mobiles et activez l’itinérance des données pour elle. Votre ligne habituelle peut rester active pour les appels et SMS.',
    smdpLabel: 'Adresse SM-DP+',
    matchingIdLabel: 'Code d’activation',
    activationCodeLabel: 'Code d’activation complet',
    iccidLabel: 'ICCID',
    qrAlt: 'QR code qui installe votre eSIM',
  },
  es: {
    title: 'Instala tu eSIM de {brand}',
    intro: 'Sigue estos pasos en tu {device}. Necesitas wifi o datos móviles. Si más adelante borras la eSIM, estos pasos la vuelven a instalar.',
    installedDocumentTitle: 'Tu eSIM de {brand} está instalada',
    installedIntro: 'Si más adelante la borras de tu {device}, estas instrucciones vuelven a indicar cómo instalarla.',
    removedIntro: 'Esta eSIM se borró de un teléfono. Sigue estos pasos en tu {device} para volver a instalarla. Necesitas wifi o datos móviles.',
    installedTitle: 'Tu eSIM está instalada',
    installedBody: 'No queda nada por instalar en tu {device}. Los pasos siguientes la activan al llegar.',
    oneTapTitle: 'Instalar con un toque',
    oneTapBody: 'Toca «{oneTapLabel}» en este {device}. Se abre la configuración de eSIM y te pide que confirmes.',
    oneTapLabel: 'Instalar eSIM',
    qrTitle: 'O escanea el código QR',
    qrTitleFirst: 'Escanea el código QR',
    qrBodyIos: 'Muestra este código QR en otra pantalla. En tu {device}, abre Ajustes > Datos móviles > Añadir eSIM > Usar código QR y escanéalo.',
    qrBodyAndroid:
      'Muestra este código QR en otra pantalla. En tu {device}, abre Ajustes > Redes e Internet > SIM > Añadir eSIM (Samsung: Ajustes > Conexiones > Administrador de SIM > Añadir eSIM) y escanéalo.',
    qrBodyOther: 'Muestra este código QR en otra pantalla. En los ajustes de red móvil de tu {device}, elige añadir una eSIM y escanéalo.',
    manualTitle: 'O introduce los datos tú mismo',
    manualBodyIos: 'Elige «Introducir datos manualmente» y escribe la dirección SM-DP+ y el código de activación de abajo.',
    manualBodyAndroid:
      'Elige «Introducir código manualmente» y escribe el código de activación completo de abajo. Si tu teléfono pide dos campos, usa la dirección SM-DP+ y el código de activación.',
    manualBodyOther: 'Elige introducir los datos de la eSIM manualmente y usa los valores de abajo.',
    confirmationCodeTitle: 'Introduce tu código de confirmación',
    confirmationCodeBody:
      'Cuando tu {device} pida un código de confirmación durante la instalación, introduce {confirmationCode}. No lo compartas: protege tu eSIM.',
    confirmationCodeLabel: 'Código de confirmación',
    turnOnTitle: 'Actívala al llegar',
    turnOnBody:
      'Elige la eSIM de {brand} para los datos móviles y activa la itinerancia de datos para ella. Tu línea habitual puede seguir activa para llamadas y SMS.',
    smdpLabel: 'Dirección SM-DP+',
    matchingIdLabel: 'Código de activación',
    activationCodeLabel: 'Código de activación completo',
    iccidLabel: 'ICCID',
    qrAlt: 'Código QR que instala tu eSIM',
  },
};

import type { LegalSection } from "./legal";

/** The terms and privacy notice in French. `{brand}` and `{email}` are filled from site config. */
export const termsFr: LegalSection[] = [
  {
    heading: "Utilisation du site",
    paragraphs: [
      "Les présentes conditions s’appliquent à ce site et à l’espace client de {brand}. En créant un compte, vous les acceptez.",
      "Gardez votre mot de passe pour vous et prévenez-nous à {email} si vous pensez que quelqu’un d’autre a utilisé votre compte.",
    ],
  },
  {
    heading: "Projets et devis",
    paragraphs: [
      "Les prix affichés sur ce site sont des fourchettes indicatives en shillings kényans. Chaque projet commence par un devis et un cahier des charges écrits ; les travaux débutent une fois que vous les avez acceptés.",
      "Le contrat propre à chaque projet — livrables, délais, échéancier de paiement et propriété du travail réalisé — prévaut sur cette page.",
    ],
  },
  {
    heading: "Contenus",
    paragraphs: [
      "Les articles et images de ce site appartiennent à {brand} ou à leurs auteurs. Vous pouvez partager leurs liens ; merci de nous demander l’autorisation avant de les republier.",
      "N’utilisez pas le formulaire de contact ni l’espace client pour envoyer du spam, des logiciels malveillants ou quoi que ce soit d’illicite.",
    ],
  },
  {
    heading: "Responsabilité et modifications",
    paragraphs: [
      "Nous faisons le nécessaire pour que ce site reste disponible et exact, sans pouvoir le garantir en permanence. Rien ici ne limite les droits que vous tenez du droit kényan de la consommation.",
      "Nous pouvons mettre à jour ces conditions ; la date ci-dessous indique la dernière version. Elles sont régies par le droit kényan.",
    ],
  },
];

export const privacyFr: LegalSection[] = [
  {
    heading: "Ce que nous collectons",
    paragraphs: [
      "Les informations de compte que vous nous donnez : nom, adresse e-mail, mot de passe (conservé uniquement sous forme d’empreinte irréversible), un lien d’avatar facultatif et vos réponses au questionnaire.",
      "Les messages envoyés par le formulaire de contact, et votre adresse e-mail si vous vous abonnez à la newsletter.",
    ],
  },
  {
    heading: "Ce que nous en faisons",
    paragraphs: [
      "Gérer votre compte, répondre à vos demandes, préparer des devis et — seulement si vous êtes abonné(e) — envoyer la newsletter. Nous ne vendons pas vos données et n’utilisons aucun traceur publicitaire tiers.",
      "Ce site ne dépose que les cookies nécessaires : votre session de connexion, de brefs messages après un formulaire, le fait d’avoir masqué la bannière e-mail, et la langue que vous avez choisie.",
    ],
  },
  {
    heading: "Vos droits",
    paragraphs: [
      "En vertu de la loi kényane de 2019 sur la protection des données, vous pouvez demander à consulter, corriger ou supprimer vos données personnelles, et vous opposer à leur utilisation. Écrivez-nous à {email} : nous répondons sous 30 jours.",
      "Vous pouvez modifier votre nom et votre avatar à tout moment sur votre page de profil.",
    ],
  },
  {
    heading: "Leur sécurité",
    paragraphs: [
      "Les données sont hébergées chez notre fournisseur de base de données et protégées par des règles d’accès qui ne permettent à chaque utilisateur de lire que ses propres informations. Nous ne conservons les messages de contact que le temps nécessaire pour vous servir.",
    ],
  },
];

import type { ServiceText } from "./services";

/** The services in French (terms from app/i18n/glossary.md). */
export const servicesFr: Record<string, ServiceText> = {
  "web-development": {
    title: "Développement web",
    description:
      "Des sites et applications web rapides, sécurisés et adaptés au mobile, qui transforment vos visiteurs en clients.",
    longDescription:
      "Du site vitrine de cinq pages à la boutique en ligne complète avec paiement M-Pesa, nous concevons et développons des sites qui s’affichent vite sur tous les téléphones, se positionnent bien dans les moteurs de recherche et que votre équipe met à jour sans difficulté. Chaque projet repose sur des technologies modernes et pérennes, et vous est remis avec formation et documentation.",
    cta: "Lancer votre site web",
    features: [
      "Design adapté aux téléphones, tablettes et ordinateurs",
      "Référencement naturel (SEO) dès le premier jour",
      "Une gestion de contenu simple pour votre équipe",
      "Paiement par M-Pesa, carte et virement bancaire",
      "Statistiques et suivi des conversions",
    ],
    process: [
      {
        title: "Découverte",
        description: "Nous apprenons vos objectifs, vos clients et vos concurrents.",
      },
      {
        title: "Conception",
        description: "Maquettes et design graphique soumis à votre validation.",
      },
      {
        title: "Développement",
        description: "Développement avec un point d’avancement chaque semaine.",
      },
      { title: "Lancement", description: "Tests, mise en ligne et formation de votre équipe." },
    ],
    technologies: ["React", "TypeScript", "Node.js", "PostgreSQL", "Tailwind CSS", "WordPress"],
  },
  "mobile-app-development": {
    title: "Développement d’applications mobiles",
    description:
      "Des applications Android et iOS, natives ou multiplateformes, que vos clients auront plaisir à utiliser chaque jour.",
    longDescription:
      "Nous développons des applications qui fonctionnent aussi bien sur un Android d’entrée de gamme que sur le dernier iPhone, restent utilisables avec une connexion lente ou instable, et s’intègrent aux services de paiement et de messagerie que vos clients utilisent déjà. Nous gérons la publication sur les stores, les nouvelles versions et les mises à jour.",
    cta: "Créer votre application",
    features: [
      "Android et iOS à partir d’un seul code",
      "Données disponibles hors ligne et synchronisées",
      "Notifications push, avec SMS en secours",
      "Paiement M-Pesa et par carte dans l’application",
      "Publication sur le Play Store et l’App Store",
    ],
    process: [
      {
        title: "Stratégie",
        description: "Définir les utilisateurs, les fonctionnalités et le calendrier de sortie.",
      },
      {
        title: "Prototype",
        description: "Un prototype cliquable testé avec de vrais utilisateurs.",
      },
      {
        title: "Développement",
        description: "Des sprints avec une version de test chaque semaine.",
      },
      { title: "Publication", description: "Soumission aux stores, suivi et mises à jour." },
    ],
    technologies: ["React Native", "Flutter", "Kotlin", "Swift", "Firebase", "API REST et GraphQL"],
  },
  "software-development": {
    title: "Développement de logiciels",
    description:
      "Des logiciels de gestion sur mesure — ERP, portails et outils internes — conçus autour de votre façon de travailler.",
    longDescription:
      "Quand les logiciels du marché ne conviennent pas, nous construisons des systèmes adaptés à vos processus : gestion des stocks et caisse, gestion d’écoles et d’hôpitaux, tableaux de bord logistiques et portails clients. Nous les connectons à vos outils existants et gardons vos données sécurisées et sauvegardées.",
    cta: "Parler de votre projet",
    features: [
      "Analyse des besoins et cartographie des processus",
      "Droits d’accès par rôle et journal des actions",
      "Intégration avec KRA eTIMS, M-Pesa et les banques",
      "Rapports et tableaux de bord",
      "Contrats d’assistance et de maintenance",
    ],
    process: [
      {
        title: "Analyse",
        description: "Cartographier vos flux de travail et définir les besoins.",
      },
      {
        title: "Architecture",
        description: "Choisir le modèle de données, l’hébergement et les intégrations.",
      },
      {
        title: "Développement itératif",
        description: "Des modules opérationnels livrés toutes les deux semaines.",
      },
      {
        title: "Déploiement",
        description: "Migration des données, formation du personnel et assistance.",
      },
    ],
    technologies: ["TypeScript", "Python", "Django", "PostgreSQL", "Docker", "AWS"],
  },
  "web-hosting": {
    title: "Hébergement web",
    description:
      "Un hébergement fiable et sécurisé, disponible 99,9 % du temps, avec sauvegardes quotidiennes et une assistance locale quand vous en avez besoin.",
    longDescription:
      "Un site web n’est utile que s’il est en ligne. Notre hébergement géré garde vos sites rapides et disponibles 99,9 % du temps, avec certificats SSL offerts, sauvegardes quotidiennes, détection des logiciels malveillants et adresses e-mail sur votre propre nom de domaine — et une équipe à Nairobi qui répond sous 24 heures.",
    cta: "Choisir une offre d’hébergement",
    features: [
      "Disponibilité garantie à 99,9 %",
      "Certificats SSL offerts",
      "Sauvegardes quotidiennes, restauration en un clic",
      "E-mail professionnel sur votre nom de domaine",
      "Enregistrement de noms de domaine (.co.ke, .com et autres)",
    ],
    process: [
      {
        title: "Choix de l’offre",
        description: "Choisissez l’espace et le trafic dont vous avez besoin.",
      },
      {
        title: "Migration",
        description: "Nous transférons gratuitement votre site et vos e-mails.",
      },
      { title: "Mise en ligne", description: "Bascule DNS sans interruption de service." },
      { title: "Surveillance", description: "Surveillance et mises à jour 24 h/24." },
    ],
    technologies: ["Linux", "Nginx", "cPanel", "Cloudflare", "Let's Encrypt", "MySQL"],
  },
  "bulk-sms": {
    title: "SMS en masse",
    description:
      "Touchez des milliers de clients en un instant grâce aux SMS en masse à votre nom, aux rappels et aux échanges dans les deux sens.",
    longDescription:
      "Le SMS atteint tous les téléphones, avec ou sans connexion internet. Envoyez promotions, rappels de rendez-vous, confirmations de paiement et alertes sous votre propre nom d’expéditeur, programmez vos campagnes, personnalisez vos messages et suivez leur remise — depuis un tableau de bord simple ou via notre API.",
    cta: "Commencer à envoyer",
    features: [
      "Nom d’expéditeur à votre marque",
      "Messages personnalisés à partir d’un tableur",
      "Programmation et rapports de remise",
      "SMS bidirectionnels et numéros courts",
      "API pour développeurs et intégrations",
    ],
    process: [
      { title: "Inscription", description: "Créez votre compte et votre nom d’expéditeur." },
      { title: "Import des contacts", description: "Importez vos listes et créez des groupes." },
      { title: "Envoi", description: "Rédigez, personnalisez et programmez vos campagnes." },
      { title: "Mesure", description: "Suivez les remises et les réponses en temps réel." },
    ],
    technologies: ["API de passerelle SMS", "Webhooks", "USSD", "Numéros courts", "Import CSV"],
  },
  "digital-marketing": {
    title: "Marketing digital",
    description:
      "SEO, réseaux sociaux et campagnes payantes pour élargir votre audience avec des résultats mesurables.",
    longDescription:
      "Nous planifions et pilotons des campagnes qui amènent les bons clients vers votre entreprise : référencement naturel, publicités Google et Meta, gestion des réseaux sociaux, contenus et e-mailing. Chaque shilling est suivi, et vous recevez chaque mois un rapport clair sur ce qui a fonctionné.",
    cta: "Développer votre activité",
    features: [
      "Référencement naturel (SEO)",
      "Publicités Google et Meta",
      "Gestion des réseaux sociaux",
      "Marketing de contenu et e-mailing",
      "Rapports de performance mensuels",
    ],
    process: [
      { title: "Audit", description: "Analyse de votre présence actuelle et de vos concurrents." },
      { title: "Plan", description: "Objectifs, canaux et budget mensuel." },
      { title: "Exécution", description: "Lancement des campagnes et publication des contenus." },
      { title: "Optimisation", description: "Mesure, rapport et amélioration chaque mois." },
    ],
    technologies: ["Google Ads", "Meta Ads", "Google Analytics", "Search Console", "Mailchimp"],
  },
  "graphic-design": {
    title: "Design graphique",
    description:
      "Logos, identités visuelles et supports de communication qui rendent votre entreprise mémorable.",
    longDescription:
      "Une marque forte inspire confiance avant même qu’un client ne lise un mot. Nous concevons logos, chartes graphiques, plaquettes de présentation, emballages, visuels pour les réseaux sociaux et supports imprimés qui font professionnel partout où vos clients vous rencontrent.",
    cta: "Créer votre image de marque",
    features: [
      "Création de logo et d’identité visuelle",
      "Charte graphique",
      "Plaquettes et brochures d’entreprise",
      "Visuels pour les réseaux sociaux",
      "Fichiers prêts pour tout imprimeur",
    ],
    process: [
      { title: "Brief", description: "Comprendre votre marque, votre public et votre style." },
      { title: "Pistes créatives", description: "Deux ou trois directions au choix." },
      { title: "Ajustements", description: "Des retouches jusqu’au résultat parfait." },
      { title: "Livraison", description: "Tous les fichiers, dans tous les formats utiles." },
    ],
    technologies: ["Figma", "Adobe Illustrator", "Adobe Photoshop", "InDesign", "Canva"],
  },
  "ai-chatbot-assistants": {
    title: "Assistants conversationnels IA",
    description:
      "Des assistants IA qui répondent à vos clients jour et nuit, sur votre site web et sur WhatsApp.",
    longDescription:
      "Un assistant IA formé sur vos produits, vos prix et vos conditions répond aux questions courantes en anglais et en swahili à toute heure, prend des rendez-vous et des commandes, et transmet les conversations complexes à votre équipe — sur votre site web, WhatsApp et Facebook Messenger.",
    cta: "Obtenir votre assistant",
    features: [
      "Réponses en anglais et en swahili",
      "Site web, WhatsApp et Messenger",
      "Formé sur vos propres documents",
      "Relais vers un conseiller humain",
      "Statistiques des conversations",
    ],
    process: [
      { title: "Collecte", description: "Rassembler vos FAQ, documents et conditions." },
      { title: "Entraînement", description: "Configurer et tester l’assistant sur vos contenus." },
      { title: "Intégration", description: "Connecter votre site et vos canaux de messagerie." },
      { title: "Amélioration", description: "Relire les conversations et affiner les réponses." },
    ],
    technologies: [
      "OpenAI API",
      "LangChain",
      "WhatsApp Business API",
      "Python",
      "Recherche vectorielle",
    ],
  },
};

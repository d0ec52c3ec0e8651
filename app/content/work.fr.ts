import type { ProjectText } from "./portfolio";
import type { MemberText } from "./team";

/** Portfolio projects and team roles in French (client and people names stay as they are). */
export const projectsFr: Record<string, ProjectText> = {
  "e-commerce-platform": {
    title: "Plateforme e-commerce",
    description:
      "Une épicerie en ligne avec paiement M-Pesa, créneaux de livraison et tableau de bord des stocks.",
    challenge:
      "Les commandes arrivaient par téléphone et WhatsApp, les stocks étaient suivis sur papier et les paiements difficiles à rapprocher.",
    outcome:
      "Les commandes en ligne représentent désormais 40 % des ventes, et chaque paiement est rapproché automatiquement de sa commande.",
  },
  "mobile-banking-app": {
    title: "Application bancaire mobile",
    description:
      "Une application Android et iOS sécurisée permettant aux membres d’une coopérative d’épargne d’épargner, d’emprunter et de consulter leurs relevés.",
    challenge:
      "Les membres faisaient la queue en agence pour une simple consultation de solde ou une demande de prêt.",
    outcome:
      "Plus de 12 000 membres utilisent l’application chaque mois et les files d’attente en agence ont diminué de moitié.",
  },
  "restaurant-management-system": {
    title: "Logiciel de gestion de restaurant",
    description:
      "Commandes, écran en cuisine, stocks et rapports quotidiens pour un restaurant très fréquenté à plusieurs adresses.",
    challenge:
      "Les bons papier se perdaient entre les serveurs et la cuisine, et les ruptures de stock passaient inaperçues.",
    outcome:
      "Les commandes arrivent instantanément en cuisine et les rapports de fin de mois prennent quelques minutes au lieu de plusieurs jours.",
  },
  "healthcare-patient-portal": {
    title: "Portail patients",
    description:
      "Prise de rendez-vous en ligne, rappels par SMS et accès sécurisé aux plans de traitement pour les patients d’une clinique.",
    challenge:
      "Les rendez-vous manqués et les réservations par téléphone occupaient toute la journée de l’accueil.",
    outcome:
      "Les rendez-vous non honorés ont baissé de 35 % dans les trois mois suivant le lancement des rappels par SMS.",
  },
  "logistics-tracking-platform": {
    title: "Plateforme de suivi logistique",
    description:
      "Suivi des colis en temps réel, tournées des chauffeurs et preuve de livraison pour un transporteur régional.",
    challenge: "Les clients appelaient sans cesse pour savoir où se trouvaient leurs colis.",
    outcome:
      "Les clients suivent eux-mêmes leurs livraisons et les appels au service client ont diminué de moitié.",
  },
  "educational-learning-platform": {
    title: "Plateforme d’apprentissage",
    description:
      "Cours, quiz et leçons vidéo disponibles hors ligne pour des élèves qui apprennent sur leur téléphone.",
    challenge:
      "En zone rurale, les élèves ne pouvaient pas suivre les cours en streaming avec une connexion lente et coûteuse.",
    outcome:
      "Les leçons se téléchargent une fois et se regardent hors ligne ; le taux d’achèvement des cours a progressé de 60 %.",
  },
};

export const categoriesFr = {
  "Web Development": "Développement web",
  "Mobile Development": "Développement mobile",
  "Software Development": "Développement de logiciels",
} as const;

export const teamFr: Record<string, MemberText> = {
  "Brian Otieno": {
    role: "Fondateur et développeur principal",
    bio: "Brian crée des sites et applications web pour des entreprises kényanes depuis plus de dix ans. Il dirige notre équipe technique et écrit sur le web, l’IA et la croissance d’une entreprise en ligne.",
  },
  "Amina Wanjiru": {
    role: "Responsable design et mobile",
    bio: "Amina conçoit des produits pensés d’abord pour le mobile et les marchés africains, et dirige nos projets d’applications. Elle tient à des interfaces claires et rapides, sur tous les téléphones et toutes les connexions.",
  },
  "David Kamau": {
    role: "Ingénieur cloud et paiements",
    bio: "David gère notre plateforme d’hébergement et nos intégrations de paiement, du paiement M-Pesa aux API bancaires. Il écrit sur la fiabilité, la sécurité et l’infrastructure des boutiques en ligne.",
  },
  "Grace Njeri": {
    role: "Responsable marketing digital",
    bio: "Grace planifie des campagnes de référencement, de réseaux sociaux et de SMS qui apportent une croissance mesurable, et rend compte chaque mois de ce qui a fonctionné.",
  },
};

export const fallbackBioFr =
  "Membre de notre équipe de designers, développeurs et spécialistes du marketing qui aident les entreprises africaines à se développer en ligne.";

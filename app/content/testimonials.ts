/** A client testimonial (spec §3): rating is 1–5, shown as filled and empty stars. */
export interface Testimonial {
  name: string;
  company: string;
  content: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

/** The six testimonials of the home page (ratings 4 or 5, spec §9). */
export const testimonials: Testimonial[] = [
  {
    name: "Wanjiku Mwangi",
    company: "Savannah Fresh Grocers",
    content:
      "Our online store with M-Pesa checkout paid for itself in two months. Orders now come in while we sleep.",
    rating: 5,
  },
  {
    name: "Otieno Ochieng",
    company: "Lakeside Logistics",
    content:
      "The tracking platform they built lets our customers follow every delivery. Support calls dropped by half.",
    rating: 5,
  },
  {
    name: "Fatuma Hassan",
    company: "Coast Dental Clinic",
    content:
      "Appointment reminders by SMS cut our no-shows dramatically. The team was patient and explained everything.",
    rating: 4,
  },
  {
    name: "Peter Kiprono",
    company: "Rift Valley Academy of Skills",
    content:
      "Students use the learning platform on their phones even on weak connections. Exactly what we asked for.",
    rating: 5,
  },
  {
    name: "Grace Achieng",
    company: "Mama Oliech Kitchen",
    content:
      "The restaurant system keeps our kitchen, waiters and cashier in sync. Month-end reports take minutes now.",
    rating: 4,
  },
  {
    name: "Samuel Mutua",
    company: "Harambee Savings Sacco",
    content:
      "Members love the mobile banking app, and the security review gave our board real confidence.",
    rating: 5,
  },
];

-- Built-in sample articles (published). Inserted in date order, so ids are 1..6 on a fresh database.
-- Content is trusted HTML written by the team; the app still sanitizes post HTML on render.

insert into public.posts
  (title, excerpt, content, cover_image, author_name, author_avatar, published, published_at, read_time, categories, tags)
values
(
  'Why Every Kenyan Business Needs a Website in 2026',
  'Social media pages are rented land. A fast, well-structured website is the one place online where your business sets the rules, earns trust and turns searches into sales.',
  $html$<p>Ask a shop owner in Nairobi how customers find them and the answer is usually a mix of word of mouth, WhatsApp groups and a Facebook or Instagram page. Those channels work, but they share a weakness: you do not own them. An algorithm change, a suspended account or a hacked password can wipe out years of reach overnight.</p>
<h2>Customers search before they buy</h2>
<p>Smartphone ownership in Kenya keeps climbing, and so does the habit of searching before spending. When someone types "plumber in Kilimani" or "school uniforms Eldoret", the businesses that appear are the ones with a website that search engines can read. A page on a social network rarely ranks for those local searches.</p>
<h2>What a good small-business website does</h2>
<ul>
  <li><strong>Answers the basic questions</strong>: what you sell, where you are, when you are open and how to pay.</li>
  <li><strong>Builds trust</strong>: real photos, customer reviews and a clear contact page make a first-time buyer comfortable.</li>
  <li><strong>Works on a slow connection</strong>: a lightweight page that loads in two seconds on 3G beats a beautiful one that never finishes loading.</li>
  <li><strong>Captures leads</strong>: a simple enquiry form or a click-to-WhatsApp button turns visitors into conversations.</li>
</ul>
<blockquote><p>Your social pages start the conversation. Your website closes it.</p></blockquote>
<h2>Start small, then grow</h2>
<p>You do not need an online store on day one. A five-page site with your services, prices, location and contact details is enough to start appearing in searches. Once enquiries arrive, add M-Pesa payments, a booking calendar or a product catalogue. The important step is to own your address on the web before your competitors take the attention.</p>$html$,
  '/media/e147123d683997bc261c5acf352628e0/1600.jpg',
  'Brian Otieno',
  '/images/team/brian-otieno.svg',
  true,
  '2026-01-12 08:00:00+03',
  '5 min',
  '{Web Development,Business}',
  '{seo,website,small-business}'
),
(
  'Mobile-First Design for African Markets',
  'Most of your visitors arrive on an entry-level Android phone with patchy data. Designing for that reality first produces sites that are faster and clearer for everyone.',
  $html$<p>Across the continent, the typical visitor to a business website is holding a mid-range Android phone, browsing on prepaid data and often moving between good 4G and weak 3G. Designing for a large desktop monitor first, then squeezing the result onto a small screen, leads to slow pages and frustrated users.</p>
<h2>Design for the smallest screen first</h2>
<p>Mobile-first means starting with a single column, large tap targets and the one action you most want the visitor to take. Extra columns and decorations are added only when the screen has room for them. The result is a layout that feels natural on a phone instead of a shrunken desktop page.</p>
<h2>Respect the data bundle</h2>
<ul>
  <li>Compress images and serve modern formats such as WebP or AVIF.</li>
  <li>Load only the fonts you need, or use the system font stack.</li>
  <li>Avoid auto-playing video and heavy third-party widgets.</li>
  <li>Keep the first page view under one megabyte wherever possible.</li>
</ul>
<h2>Make forms forgiving</h2>
<p>Typing on a small keyboard is tiring. Use the right input types so the phone shows a numeric keypad for phone numbers, keep forms short, and never clear what the user typed when validation fails. Show errors next to the field in plain language.</p>
<blockquote><p>If it works well on a KSh 8,000 phone on a weak signal, it will fly on everything else.</p></blockquote>
<p>Test on real devices, not only in the browser's responsive mode. Borrow the cheapest phone in the office, switch it to 3G and try to complete a purchase. Every second you remove from that journey is revenue you keep.</p>$html$,
  '/media/a64f7759e8e00f20f77e94047bf5a68b/1600.jpg',
  'Amina Wanjiru',
  '/images/team/amina-wanjiru.svg',
  true,
  '2026-02-03 09:30:00+03',
  '6 min',
  '{Mobile Development,Web Development}',
  '{mobile,design,performance}'
),
(
  'M-Pesa Integration Guide for Online Stores',
  'Letting customers pay with M-Pesa at checkout removes the biggest barrier to buying online in Kenya. Here is how the integration works and what to get right.',
  $html$<p>For most Kenyan shoppers, M-Pesa is not one payment option among many; it is the default. An online store that only accepts cards leaves most of its visitors without a comfortable way to pay. Integrating M-Pesa directly into checkout changes that.</p>
<h2>How STK Push works</h2>
<p>Safaricom's Daraja API offers the Lipa na M-Pesa Online service, usually called STK Push. Your server asks Safaricom to send a payment prompt to the customer's phone. The customer enters their M-Pesa PIN, and Safaricom calls your server back with the result.</p>
<ol>
  <li>The customer enters their phone number at checkout.</li>
  <li>Your server requests an STK Push for the order amount.</li>
  <li>The customer confirms on their phone with their PIN.</li>
  <li>Safaricom sends a callback to your server with the receipt number.</li>
  <li>Your store marks the order as paid and sends a confirmation.</li>
</ol>
<h2>Details that matter</h2>
<ul>
  <li><strong>Never trust the browser</strong>: mark an order as paid only after the server-side callback confirms it.</li>
  <li><strong>Handle timeouts</strong>: customers sometimes ignore the prompt. Offer a clear "retry payment" button.</li>
  <li><strong>Keep records</strong>: store the M-Pesa receipt number with each order for reconciliation.</li>
  <li><strong>Protect your keys</strong>: consumer keys and passkeys belong in server environment variables, never in front-end code.</li>
</ul>
<blockquote><p>A checkout that feels like sending money to a friend converts far better than one that asks for a card number.</p></blockquote>
<p>Start in the Daraja sandbox, test every failure path, then go live with your paybill or till number. Once payments flow, reconciliation reports and automatic receipts by SMS are natural next steps.</p>$html$,
  '/media/1a6c8031802575e2d281e45e7bb64a2a/1600.jpg',
  'David Kamau',
  '/images/team/david-kamau.svg',
  true,
  '2026-02-24 10:00:00+03',
  '7 min',
  '{Payments,Web Development}',
  '{mpesa,payments,ecommerce}'
),
(
  'Bulk SMS Marketing That Customers Welcome',
  'SMS still reaches people that e-mail and apps miss. Used with permission, good timing and a clear offer, it becomes a channel customers actually look forward to.',
  $html$<p>Nearly every phone in Kenya can receive an SMS, whether or not it has a data bundle. That reach makes bulk SMS one of the most effective marketing channels available to local businesses, and also one of the easiest to abuse. The difference between a welcome message and spam comes down to a few habits.</p>
<h2>Ask first</h2>
<p>Only message people who opted in, for example at checkout, through a website form or by texting a keyword. Kenya's Data Protection Act expects consent and an easy way to stop messages. Include a short opt-out instruction such as "Reply STOP to unsubscribe" and honour it immediately.</p>
<h2>Write messages worth reading</h2>
<ul>
  <li>Lead with the benefit: "20% off school shoes this week" beats "Dear valued customer".</li>
  <li>Keep to one 160-character message when you can; longer messages cost more and get skimmed.</li>
  <li>Always identify your business with a registered sender ID.</li>
  <li>Include one clear action: a short link, a phone number or a shop location.</li>
</ul>
<h2>Timing and frequency</h2>
<p>Send during waking hours, avoid Sunday mornings, and resist the urge to message every day. Two or three useful messages a month keep you remembered without becoming noise.</p>
<blockquote><p>Treat every SMS like a knock on the customer's door: knock politely, and only when you have something worth saying.</p></blockquote>
<p>Finally, measure. Use unique discount codes or short links per campaign so you know which messages bring sales, and drop the ones that do not.</p>$html$,
  '/media/13b078ac0b4fcca025ccab154f1cb95d/1600.jpg',
  'Amina Wanjiru',
  '/images/team/amina-wanjiru.svg',
  true,
  '2026-03-17 11:15:00+03',
  '5 min',
  '{Digital Marketing}',
  '{sms,marketing,customers}'
),
(
  'AI Chatbots for Customer Service',
  'An AI assistant can answer common questions around the clock in English and Swahili, while your team focuses on the conversations that need a human.',
  $html$<p>Customers expect quick answers at any hour, and most of their questions repeat: opening times, delivery areas, prices, order status. Answering them by hand ties up staff who could be closing sales. A well-designed AI chatbot handles the routine questions and hands the rest to a person.</p>
<h2>Where chatbots help most</h2>
<ul>
  <li><strong>Frequently asked questions</strong> drawn from your own policies and price lists.</li>
  <li><strong>Order tracking</strong> when connected to your store or delivery system.</li>
  <li><strong>Lead qualification</strong>: collecting a name, need and budget before a salesperson calls back.</li>
  <li><strong>After-hours cover</strong> on your website and WhatsApp Business.</li>
</ul>
<h2>Design the hand-off</h2>
<p>A chatbot should know its limits. When a customer is upset, asks about a refund or simply types "agent", route the conversation to a human with the full history attached. Nothing frustrates people more than a bot that will not let them speak to someone.</p>
<h2>Speak the customer's language</h2>
<p>Modern language models handle English, Swahili and the mix of both that many Kenyans use every day. Review real conversations weekly, correct wrong answers in the knowledge base and keep the tone friendly and brief.</p>
<blockquote><p>The goal is not to replace your support team. It is to give them time for the conversations that matter.</p></blockquote>
<p>Start with a narrow scope, such as the ten questions you answer most often, measure how many conversations the bot resolves, and expand from there.</p>$html$,
  '/media/33125f6b42fd344dc365118555fedf4b/1600.jpg',
  'Brian Otieno',
  '/images/team/brian-otieno.svg',
  true,
  '2026-04-08 14:00:00+03',
  '6 min',
  '{AI,Business}',
  '{ai,chatbots,support}'
),
(
  'Choosing Reliable Web Hosting',
  'Cheap hosting becomes expensive the day your site goes down during a promotion. Here is what to compare before you choose where your website lives.',
  $html$<p>Your website is only as dependable as the server it runs on. Many small businesses pick the cheapest plan they can find and discover its limits at the worst moment: during a sale, after a newspaper mention or when a security hole is exploited.</p>
<h2>What to compare</h2>
<ul>
  <li><strong>Uptime record</strong>: look for a published status page and a service-level commitment of at least 99.9%.</li>
  <li><strong>Location and speed</strong>: servers or a content delivery network close to East Africa cut loading times for local visitors.</li>
  <li><strong>Backups</strong>: daily automatic backups that you can restore yourself, kept somewhere other than the main server.</li>
  <li><strong>Security</strong>: free TLS certificates, automatic updates and protection against common attacks.</li>
  <li><strong>Support</strong>: a real person reachable by phone or chat when something breaks.</li>
</ul>
<h2>Shared, VPS or managed cloud?</h2>
<p>Shared hosting suits a simple brochure site with modest traffic. A virtual private server gives more control and consistent performance but needs someone to maintain it. Managed cloud platforms cost more per month yet handle scaling, updates and backups for you, which often makes them cheaper once staff time is counted.</p>
<blockquote><p>Pay for the hosting you need on your busiest day, not your quietest one.</p></blockquote>
<h2>Plan for the bad day</h2>
<p>Whatever you choose, write down how to restore the site from a backup and test it once. Keep your domain registration in your own name with auto-renew switched on. These two small habits prevent most website disasters we are asked to fix.</p>$html$,
  '/media/d162221900ccd972282671cf41af298d/1600.jpg',
  'David Kamau',
  '/images/team/david-kamau.svg',
  true,
  '2026-05-05 09:00:00+03',
  '5 min',
  '{Hosting,Web Development}',
  '{hosting,security,performance}'
);


-- media library rows (generated by scripts/seed-media.ts)
insert into public.media (hash, width, height, bytes, original_name, alt)
values
  ('e147123d683997bc261c5acf352628e0', 1600, 840, 130507, 'why-every-kenyan-business-needs-a-website.png', ''),
  ('a64f7759e8e00f20f77e94047bf5a68b', 1600, 840, 154593, 'mobile-first-design-for-african-markets.png', ''),
  ('1a6c8031802575e2d281e45e7bb64a2a', 1600, 840, 158106, 'mpesa-integration-guide-for-online-stores.png', ''),
  ('13b078ac0b4fcca025ccab154f1cb95d', 1600, 840, 147650, 'bulk-sms-marketing-that-customers-welcome.png', ''),
  ('33125f6b42fd344dc365118555fedf4b', 1600, 840, 116683, 'ai-chatbots-for-customer-service.png', ''),
  ('d162221900ccd972282671cf41af298d', 1600, 840, 131955, 'choosing-reliable-web-hosting.png', '')
on conflict (hash) do nothing;

-- Translations of the first article (blog per language): /sw/blog and /fr/blog show them in place
-- of the English original; the other English articles appear there marked "English".
insert into public.posts
  (title, excerpt, content, cover_image, author_name, author_avatar, published, published_at, read_time, categories, tags, lang, translation_of)
select
  t.title, t.excerpt, t.content, p.cover_image, p.author_name, p.author_avatar, true,
  p.published_at + case t.lang when 'sw' then interval '1 hour' else interval '2 hours' end,
  t.read_time, t.categories, t.tags, t.lang, p.id
from public.posts p
cross join (values
  (
    'sw',
    'Kwa Nini Kila Biashara ya Kenya Inahitaji Tovuti Mwaka 2026',
    'Kurasa za mitandao ya kijamii ni ardhi ya kukodi. Tovuti ya haraka na iliyopangwa vizuri ndiyo mahali pekee mtandaoni ambapo biashara yako inaweka sheria zake, inajenga imani na kugeuza utafutaji kuwa mauzo.',
    $html$<p>Muulize mwenye duka jijini Nairobi wateja wanampataje, na mara nyingi jibu ni mchanganyiko wa kuambiwa na watu, vikundi vya WhatsApp na ukurasa wa Facebook au Instagram. Njia hizo zinafanya kazi, lakini zina udhaifu mmoja: si zako. Mabadiliko ya algoriti, akaunti kusimamishwa au nenosiri kudukuliwa kunaweza kufuta miaka ya kazi kwa usiku mmoja.</p>
<h2>Wateja hutafuta kabla ya kununua</h2>
<p>Watu wanaomiliki simu janja nchini Kenya wanaongezeka, na ndivyo ilivyo tabia ya kutafuta kabla ya kutumia pesa. Mtu anapoandika "fundi bomba Kilimani" au "sare za shule Eldoret", biashara zinazojitokeza ni zile zenye tovuti ambayo injini za utafutaji zinaweza kusoma.</p>
<h2>Tovuti ni yako</h2>
<p>Tovuti yako inaonyesha bei, saa za kazi, ramani, malipo ya M-Pesa na fomu ya mawasiliano mahali pamoja — na hakuna anayeweza kuizima isipokuwa wewe. Anza na kurasa chache zilizo wazi, zinazofunguka haraka kwenye simu, kisha ziongeze kadri biashara inavyokua.</p>$html$,
    '2 min',
    '{Uhifadhi wa Tovuti,Utengenezaji wa Tovuti}'::text[],
    '{uhifadhi,usalama,kasi}'::text[]
  ),
  (
    'fr',
    'Pourquoi chaque entreprise kényane a besoin d’un site web en 2026',
    'Une page sur les réseaux sociaux, c’est un terrain loué. Un site web rapide et bien construit est le seul endroit en ligne où votre entreprise fixe les règles, inspire confiance et transforme les recherches en ventes.',
    $html$<p>Demandez à un commerçant de Nairobi comment ses clients le trouvent : la réponse mêle le bouche-à-oreille, les groupes WhatsApp et une page Facebook ou Instagram. Ces canaux fonctionnent, mais ils ont un point faible : ils ne vous appartiennent pas. Un changement d’algorithme, un compte suspendu ou un mot de passe piraté peut effacer des années de travail du jour au lendemain.</p>
<h2>Les clients cherchent avant d’acheter</h2>
<p>Au Kenya, le smartphone se généralise, et avec lui l’habitude de chercher avant de dépenser. Quand quelqu’un tape « plombier Kilimani » ou « uniformes scolaires Eldoret », les entreprises qui apparaissent sont celles dont le site web est lisible par les moteurs de recherche.</p>
<h2>Un site web vous appartient</h2>
<p>Votre site réunit vos prix, vos horaires, un plan d’accès, le paiement M-Pesa et un formulaire de contact — et personne d’autre que vous ne peut le fermer. Commencez par quelques pages claires et rapides sur mobile, puis enrichissez-les à mesure que votre activité grandit.</p>$html$,
    '2 min',
    '{Hébergement,Développement web}'::text[],
    '{hébergement,sécurité,performance}'::text[]
  )
) as t(lang, title, excerpt, content, read_time, categories, tags)
where p.title = 'Why Every Kenyan Business Needs a Website in 2026';

interface Card {
  id: number;
  title: string;
  text: string;
}

/** About the home page's size: ~500 elements, its cards' data sent for hydration. */
export function loader() {
  const cards: Card[] = Array.from({ length: 120 }, (_, id) => ({
    id,
    title: `Service number ${id}`,
    text: `What the agency does for businesses across Africa, item ${id}, in one sentence.`,
  }));
  return { cards };
}

export function meta() {
  return [{ title: "Cards" }];
}

export default function Cards({ loaderData }: { loaderData: { cards: Card[] } }) {
  return (
    <main>
      <h1>Cards</h1>
      <ul>
        {loaderData.cards.map((card) => (
          <li key={card.id} className="card">
            <h2>{card.title}</h2>
            <p>{card.text}</p>
            <a href={`/cards#${card.id}`}>Read more</a>
          </li>
        ))}
      </ul>
    </main>
  );
}

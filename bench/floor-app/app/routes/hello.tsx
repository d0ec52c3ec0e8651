export function loader() {
  return { title: "Sign in", note: "Welcome back" };
}

export function meta() {
  return [{ title: "Sign in" }];
}

export default function Hello({ loaderData }: { loaderData: { title: string; note: string } }) {
  return (
    <main>
      <h1>{loaderData.title}</h1>
      <p>{loaderData.note}</p>
    </main>
  );
}

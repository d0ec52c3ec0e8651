import { SvgIcon } from "~/components/icons";
import { useT } from "~/i18n/use-t";

/** Filled and empty stars out of 5, announced as "Rated N out of 5" (colours: app.css). */
export function StarRating({ rating }: { rating: number }) {
  const t = useT();
  return (
    <p className="star-rating flex gap-0.5" role="img" aria-label={t("home.rated", { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <SvgIcon
          key={n}
          name="star"
          width={18}
          height={18}
          data-filled={n <= rating ? "true" : "false"}
        />
      ))}
    </p>
  );
}

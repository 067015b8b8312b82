type MonthNames = readonly [string, string, string, string, string, string, string, string, string, string, string, string];

/**
 * The months in Polish in the two cases a text needs: the genitive inside a date ("2 maja 2024",
 * "do 15 grudnia 2026"), the nominative where the month stands alone (a table's row, a heading:
 * "maj 2024"). An office never writes "2 maj 2024".
 */
export const polishMonths: { readonly inDate: MonthNames; readonly alone: MonthNames } = {
  inDate: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
  alone: ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień'],
};

/** The /sales/calculator page. */
export function CalculatorScreen(): JSX.Element {
  return <div className="sales-calculator" />;
}

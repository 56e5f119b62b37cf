import { AccountHeader } from '../components/AccountHeader';

/** The account page; subscription status arrives with the billing issue. */
export function AccountRoute() {
  return (
    <article className="account-page">
      <AccountHeader />
    </article>
  );
}

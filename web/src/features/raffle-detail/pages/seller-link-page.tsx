import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { rememberSellerCode } from '../seller-referral';

/** `/v/:code/:id`: a seller's short link. Keeps the code for the raffle and opens its page. */
export function SellerLinkPage() {
  const { code = '', id = '' } = useParams();
  // Before the redirect renders the raffle page (an effect would run after it).
  rememberSellerCode(id, code);
  return <Navigate to={paths.raffle.getHref(id)} replace />;
}

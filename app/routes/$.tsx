// Any address no route answers goes to /auth/404 (spec section 2).
import { redirect } from '@remix-run/node';

export function loader() {
  return redirect('/auth/404');
}

export function action() {
  return redirect('/auth/404');
}

// The Headless Shop's HTML: template strings, every value escaped.

export function h(value) {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

export function layout({ title, body, cartCount, loggedIn }) {
  const account = loggedIn
    ? `<span>Signed in</span>
       <form method="post" action="/logout"><button type="submit">Log out</button></form>`
    : '<a href="/login">Log in</a>';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${h(title)} · Headless Shop</title></head>
<body>
<header>
  <nav aria-label="Shop">
    <a href="/">Headless Shop</a>
    <a href="/cart">Cart (${cartCount})</a>
    ${account}
  </nav>
</header>
<main>
${body}
</main>
</body>
</html>`;
}

export function productListPage(items) {
  const list = items
    .map(
      (p) =>
        `<li><a href="/product/${encodeURIComponent(p.slug)}">${h(p.name)}</a> ${h(p.priceData?.formatted?.price)}</li>`,
    )
    .join('\n');
  return `<h1>Products</h1><ul>${list}</ul>`;
}

export function productPage(product) {
  const options = (product.productOptions ?? [])
    .map((option) => {
      const choices = (option.choices ?? [])
        .filter((c) => c.visible !== false)
        .map((c) => `<option value="${h(c.description)}">${h(c.description)}</option>`)
        .join('');
      return `<p><label>${h(option.name)} <select name="option:${h(option.name)}">${choices}</select></label></p>`;
    })
    .join('\n');
  return `<h1>${h(product.name)}</h1>
<p>${h(product.priceData?.formatted?.price)}</p>
<form method="post" action="/cart/add">
  <input type="hidden" name="productId" value="${h(product._id)}">
  ${options}
  <p><label>Quantity <input name="quantity" type="number" min="1" value="1"></label></p>
  <button type="submit">Add to cart</button>
</form>`;
}

function optionsText(line) {
  return (line.descriptionLines ?? [])
    .map((d) => `${d.name?.original}: ${d.colorInfo?.original ?? d.plainText?.original ?? ''}`)
    .join(', ');
}

export function cartPage(cart, recommended) {
  const lines = cart?.lineItems ?? [];
  if (lines.length === 0) return '<h1>Cart</h1><p>Your cart is empty.</p>';
  const items = lines
    .map((line) => {
      const name = line.productName?.original ?? '';
      return `<li aria-label="${h(name)}">
  <strong>${h(name)}</strong> <span>${h(optionsText(line))}</span>
  <span>${h(line.price?.formattedAmount)}</span>
  <form method="post" action="/cart/update">
    <input type="hidden" name="lineItemId" value="${h(line._id)}">
    <label>Quantity of ${h(name)} <input name="quantity" type="number" min="1" value="${line.quantity}"></label>
    <button type="submit">Update</button>
  </form>
  <form method="post" action="/cart/remove">
    <input type="hidden" name="lineItemId" value="${h(line._id)}">
    <button type="submit">Remove</button>
  </form>
</li>`;
    })
    .join('\n');
  const also = recommended.length
    ? `<h2>You may also like</h2><ul>${recommended.map((r) => `<li>${h(r.catalogItemId)}</li>`).join('')}</ul>`
    : '';
  return `<h1>Cart</h1>
<ul aria-label="Cart lines">${items}</ul>
<p>Subtotal: <output>${h(cart.subtotal?.formattedAmount)}</output></p>
<form method="post" action="/checkout"><button type="submit">Checkout</button></form>
${also}`;
}

export function thankYouPage(orderId, order) {
  const what = order?.number ? `Your order number is ${h(order.number)}.` : `Your order: ${h(orderId)}.`;
  return `<h1>Thank you</h1><p>${what}</p><p><a href="/">Continue shopping</a></p>`;
}

export function planThankYouPage(planOrderId, order) {
  const lines = (order?.lineItems ?? []).map((line) => `<li>${h(line.productName?.original)}</li>`).join('');
  return `<h1>Welcome to the plan</h1>
<p>Your plan order is ${h(planOrderId)}${order ? `, order number ${h(order.number)}` : ''}.</p>
<ul>${lines}</ul>`;
}

export function preferencesPage(preferences) {
  const yes = (value) => (value ? 'on' : 'off');
  return `<h1>Your preferences</h1>
<p>Marketing e-mails: ${yes(preferences?.marketingEmails?.optIn)}</p>
<p>Analytics cookies: ${yes(preferences?.cookieConsent?.analytics)}</p>
<p>Marketing cookies: ${yes(preferences?.cookieConsent?.marketing)}</p>
<p><a href="/preferences/edit">Change them</a></p>`;
}

export function notFoundPage() {
  return '<h1>Not found</h1><p><a href="/">Back to the shop</a></p>';
}

export function crashPage(error) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error · Headless Shop</title></head>
<body><h1>Something went wrong</h1><pre>${h(error?.message ?? error)}</pre></body></html>`;
}

import { createContext, useContext } from 'react';

/** Lets pages open the cart drawer (e.g. after adding to the cart); the shop layout provides it. */
export const CartUi = createContext<{ openCart: () => void }>({ openCart: () => {} });
export const useCartUi = () => useContext(CartUi);

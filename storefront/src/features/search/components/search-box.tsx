import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Search } from 'lucide-react';
import { formatPrice, linePrice, type Product } from '@shop/shared';
import { ProductPicture } from '@/components/product-picture';
import { paths } from '@/config/paths';
import { productImage } from '@/features/products';
import { useCombobox } from '@/lib/use-combobox';
import { useSuggestions } from '../api/use-suggestions';

const INPUT_ID = 'site-search';
const LIST_ID = 'site-search-list';
/** The interaction log keeps at most this much of a search. */
const MAX_TERM = 200;

function Suggestion({ product }: { product: Product }) {
  return (
    <>
      <ProductPicture src={productImage(product)} alt="" sizes="44px" width={44} height={55} className="search-suggestion__picture" />
      <span className="search-suggestion__title">{product.title}</span>
      <span className="search-suggestion__price">{formatPrice(linePrice(product))}</span>
    </>
  );
}

/**
 * The header's search: submitting opens the results page; while the shopper types, up to six products are suggested
 * (ARIA combobox: arrows move, Enter opens the highlighted product, Escape or a click elsewhere closes).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const suggestions = useSuggestions(term);
  const { expanded, listRef, inputProps, optionProps, reopen, close } = useCombobox({
    listId: LIST_ID,
    count: suggestions.length,
    onPick: (index) => {
      const product = suggestions[index];
      if (!product) return;
      setTerm('');
      navigate(paths.product(product._id));
    },
    enterWithoutHighlight: 'submit',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    const wanted = term.trim();
    if (wanted) navigate(paths.search(wanted));
  };

  return (
    <form className="search-box combobox" role="search" aria-label="Buscar productos" onSubmit={submit} data-testid="search-box">
      <label htmlFor={INPUT_ID} className="visually-hidden">
        Buscar productos
      </label>
      <input
        {...inputProps}
        id={INPUT_ID}
        type="search"
        className="search-box__input"
        placeholder="Buscar productos"
        maxLength={MAX_TERM}
        enterKeyHint="search"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          reopen();
        }}
      />
      <button type="submit" className="search-box__submit" aria-label="Ver resultados" title="Ver resultados">
        <Search size={18} aria-hidden="true" />
      </button>
      <ul
        id={LIST_ID}
        ref={listRef}
        role="listbox"
        aria-label="Productos sugeridos"
        className="combobox__list search-box__list"
        hidden={!expanded}
      >
        {suggestions.map((product, index) => (
          <li key={product._id} {...optionProps(index)} className="combobox__option search-suggestion">
            <Suggestion product={product} />
          </li>
        ))}
      </ul>
    </form>
  );
}

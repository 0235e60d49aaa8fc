// The editor's French (Decap's own French lacks 46 of its English phrases, and
// Decap shows the English one then: field names read aloud as "… field", the media library's
// "Close", the image widget's "Add more images"...). Every phrase Decap's English has and its
// French lacks is here, in French; tests/unit/frenchPhrases.test.ts fails when a Decap update
// adds one. Registered once, in decap.ts. Pure data: no Decap import.
import type { LocalePhrases } from './types.ts'

/**
 * The names of the button that folds a list or an object, and of each list item's (Decap names
 * the latter not at all: ListItemTopBar.tsx gives it these).
 */
export const FOLD_BUTTON = { expand: 'Déplier', collapse: 'Replier' } as const

/** What Decap's French (decap-cms-locales 3.x) lacks, in French. */
export const FRENCH_ADDITIONS: LocalePhrases = {
  auth: { loginWithForgejo: 'Se connecter avec Forgejo' },
  collection: {
    collectionTop: { viewAsList: 'Affichage en liste', viewAsGrid: 'Affichage en grille' },
    entries: { unpublishedHeader: 'Entrées non publiées' },
  },
  editor: {
    editorControl: { field: { widgetLabel: 'Champ %{widgetLabel}' } },
    editorControlPane: {
      i18n: {
        copyFromLocale: "Reprendre le contenu d'une autre langue",
        copyFromLocaleConfirm:
          'Reprendre le contenu de la langue %{locale} ?\nTout le contenu de cette colonne sera remplacé.',
      },
    },
    editorInterface: { toggleNotes: 'Afficher ou masquer les notes' },
    editorNotesPane: {
      title: 'Notes',
      emptyState:
        'Aucune note pour le moment. Ajoutez la première ci-dessous pour en discuter à plusieurs.',
      addNote: 'Ajouter une note',
      addPlaceholder: 'Ajouter une note…',
      editPlaceholder: 'Modifier la note…',
      save: 'Enregistrer',
      cancel: 'Annuler',
      edit: 'Modifier',
      delete: 'Supprimer',
      resolve: 'Marquer comme résolue',
      unresolve: 'Rouvrir',
      confirmDelete: 'Voulez-vous vraiment supprimer cette note ?',
      shortcut: 'Astuce : Ctrl+Entrée ajoute la note aussitôt',
    },
    editorToolbar: {
      statusInfoTooltipDraft:
        'Cette entrée est un brouillon. Pour la terminer et la soumettre à relecture, passez son statut à « En cours de révision ».',
      statusInfoTooltipInReview:
        'Cette entrée est en cours de révision : rien de plus à faire. Vous pouvez encore la modifier pendant la révision.',
    },
    editorWidgets: {
      markdown: {
        strikethrough: 'Barré',
        toggleMode: {
          rich: 'Passer en mode texte enrichi',
          markdown: 'Passer en mode Markdown',
        },
      },
      image: {
        chooseMultiple: 'Choisir des images',
        addMore: "Ajouter d'autres images",
        removeAll: 'Retirer toutes les images',
      },
      file: {
        chooseMultiple: 'Choisir des fichiers',
        addMore: "Ajouter d'autres fichiers",
        removeAll: 'Retirer tous les fichiers',
      },
      datetime: { setToNow: 'Mettre %{fieldLabel} à maintenant' },
      // The button that opens a folded list or object (the form opens folded: cms/folding.ts).
      object: FOLD_BUTTON,
    },
  },
  mediaLibrary: { mediaLibraryModal: { close: 'Fermer' } },
  ui: {
    settingsDropdown: { account: 'Options du compte' },
    toast: {
      noteAdded: 'Note ajoutée',
      onFailToAddNote: "La note n'a pas pu être ajoutée : %{details}",
      noteUpdated: 'Note modifiée',
      onFailToUpdateNote: "La note n'a pas pu être modifiée : %{details}",
      noteDeleted: 'Note supprimée',
      onFailToDeleteNote: "La note n'a pas pu être supprimée : %{details}",
      noteResolved: 'Note résolue',
      noteReopened: 'Note rouverte',
      onFailToToggleNote: "L'état de la note n'a pas pu être changé : %{details}",
    },
  },
}

/** `phrases` with what it lacks of `additions` (its own phrases kept). */
export function withMissing(phrases: LocalePhrases, additions: LocalePhrases): LocalePhrases {
  const out: LocalePhrases = { ...phrases }
  for (const [key, value] of Object.entries(additions)) {
    const own = out[key]
    if (own === undefined) out[key] = value
    else if (typeof own === 'object' && typeof value === 'object')
      out[key] = withMissing(own, value)
  }
  return out
}

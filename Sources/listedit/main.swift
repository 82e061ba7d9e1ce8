print("listedit")
